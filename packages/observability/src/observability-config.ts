import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { applyFileVariables, FileVariableError } from './file-variables';
import { LogFormat, LogLevelName, logLevelsFrom, ServiceLogger } from './service-logger';

/** What every service reads of the environment for its logs and its /metrics endpoint. */
export interface ObservabilityConfig {
  LOG_FORMAT: LogFormat;
  LOG_LEVEL: LogLevelName;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  METRICS_TOKEN?: string;
}

export class ObservabilityConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ObservabilityConfigError';
  }
}

const schema = z.object({
  LOG_FORMAT: z.enum(['json', 'text']).optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.string().optional(),
});

/**
 * LOG_FORMAT (json | text; default json with NODE_ENV=production, text otherwise so test output stays readable),
 * LOG_LEVEL (error | warn | log | debug; debug adds a line per bet at each step) and METRICS_TOKEN. Throws one
 * error naming every problem.
 */
export function loadObservabilityConfig(env: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ObservabilityConfigError(`invalid logging/metrics configuration: ${problems.join('; ')}`);
  }
  const { LOG_FORMAT, LOG_LEVEL, METRICS_TOKEN, NODE_ENV } = parsed.data;
  return {
    LOG_FORMAT: LOG_FORMAT ?? (NODE_ENV === 'production' ? 'json' : 'text'),
    LOG_LEVEL,
    METRICS_TOKEN,
  };
}

/**
 * The Nest logger of a service, from its configuration. Its levels are also made Nest's static ones: with a logger
 * instance Nest leaves them unset, and `Logger.isLevelEnabled('debug')` (which guards the per-bet lines) would
 * always say no.
 */
export function serviceLogger(config: Pick<ObservabilityConfig, 'LOG_FORMAT' | 'LOG_LEVEL'>): ServiceLogger {
  const levels = logLevelsFrom(config.LOG_LEVEL);
  Logger.overrideLogger(levels);
  return new ServiceLogger(config.LOG_FORMAT, levels);
}

/** Any error class, whatever its constructor takes. */
type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * A service's settings read at boot, before anything starts: first the secrets from files (`X_FILE`, see
 * file-variables.ts) into process.env, then `read`. A bad setting (a FileVariableError, an ObservabilityConfigError or
 * one of the service's own `configErrors`) prints every problem it names and exits 2; any other error is thrown.
 */
export function readBootConfig<T>(read: () => T, ...configErrors: ErrorClass[]): T {
  try {
    applyFileVariables(process.env);
    return read();
  } catch (err) {
    if (
      err instanceof FileVariableError ||
      err instanceof ObservabilityConfigError ||
      configErrors.some((known) => err instanceof known)
    ) {
      console.error((err as Error).message);
      return process.exit(2);
    }
    throw err;
  }
}
