import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { isLogFields, logFieldsText } from './log-fields';

export type LogFormat = 'json' | 'text';
export type LogLevelName = 'error' | 'warn' | 'log' | 'debug';

/** A level and those above it. */
export function logLevelsFrom(level: LogLevelName): LogLevel[] {
  const order: LogLevelName[] = ['error', 'warn', 'log', 'debug'];
  return order.slice(0, order.indexOf(level) + 1);
}

/**
 * Nest's own ConsoleLogger (one JSON object a line with `json: true`: level, pid, timestamp, context, message),
 * with structured messages (`logFields`) spread into the line's fields; in text mode they become `msg key=value`.
 */
export class ServiceLogger extends ConsoleLogger {
  constructor(format: LogFormat, levels: LogLevel[]) {
    super({ json: format === 'json', logLevels: levels, colors: false });
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    const out = this.options.json ? messages : messages.map((m) => (isLogFields(m) ? logFieldsText(m) : m));
    super.printMessages(out, context, logLevel, writeStreamType, errorStack);
  }

  protected override getJsonLogObject(
    message: unknown,
    options: {
      context: string;
      logLevel: LogLevel;
      writeStreamType?: 'stdout' | 'stderr';
      errorStack?: unknown;
    },
  ): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const line = super.getJsonLogObject(message, options);
    if (!isLogFields(message)) return line;
    const { msg, ...ids } = message;
    return { ...line, ...ids, message: msg };
  }
}
