import { readFileSync } from 'node:fs';

/**
 * The settings that may come from a file as `X_FILE`: the secrets, and DATABASE_URL (it holds the database
 * password). Only these: a machine has unrelated `*_FILE` variables (TF_CLI_CONFIG_FILE…), and KAFKA_TLS_CA_FILE is
 * a path the service opens itself.
 */
export const SECRET_FILE_VARIABLES: ReadonlySet<string> = new Set([
  'DATABASE_URL',
  'PLAYER_TOKEN_SECRET',
  'LEDGER_SECRETS_KEY',
  'LEDGER_BACKOFFICE_TOKEN',
  'KAFKA_SASL_PASSWORD',
  'TABLE_STATE_KEY',
  'TABLE_STATE_OLD_KEYS',
  'DEALER_TOKEN_SECRET',
  'DEALER_API_KEY',
  'METRICS_TOKEN',
]);

export class FileVariableError extends Error {
  readonly code = 'INVALID_FILE_VARIABLE';
  constructor(readonly problems: string[]) {
    super(`invalid *_FILE variable(s):\n  ${problems.join('\n  ')}`);
    this.name = 'FileVariableError';
  }
}

/**
 * Secrets from files (docs/deployment.md#secrets): for every `X_FILE` set whose X is in SECRET_FILE_VARIABLES, X is
 * the file's content without its trailing line break, as Kubernetes mounts a secret's key. X set as well is refused
 * (which one wins would be a guess), and so is an unreadable or empty file. Returns the variables to add; `env` is
 * left as it is.
 */
export function fileVariables(
  env: NodeJS.ProcessEnv,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  for (const name of SECRET_FILE_VARIABLES) {
    const key = `${name}_FILE`;
    const path = env[key];
    if (!path) continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${key}: ${name} is set too (set one of them)`);
      continue;
    }
    let value: string;
    try {
      value = read(path).replace(/\r?\n$/, '');
    } catch (err) {
      problems.push(
        `${key}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
      continue;
    }
    if (value === '') problems.push(`${key}: ${path} is empty`);
    else out[name] = value;
  }
  if (problems.length > 0) throw new FileVariableError(problems);
  return out;
}

/** `fileVariables` written into `env` (process.env by default), before a service or a command reads its settings. */
export function applyFileVariables(env: NodeJS.ProcessEnv = process.env): void {
  Object.assign(env, fileVariables(env));
}
