import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyFileVariables, FileVariableError, fileVariables } from './file-variables';

describe('fileVariables (secrets from files)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-vars-'));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('reads X from X_FILE, without the trailing line break a mounted secret has', () => {
    const env = { PLAYER_TOKEN_SECRET_FILE: file('token', 'a-long-secret-value\n'), HTTP_PORT: '3000' };
    expect(fileVariables(env)).toEqual({ PLAYER_TOKEN_SECRET: 'a-long-secret-value' });
  });

  it('keeps inner line breaks and spaces (only one trailing line break goes)', () => {
    const env = { TABLE_STATE_OLD_KEYS_FILE: file('k', ' a\nb \n\n') };
    expect(fileVariables(env)).toEqual({ TABLE_STATE_OLD_KEYS: ' a\nb \n' });
  });

  it('reads only the secrets: a CA bundle path and unrelated *_FILE variables are left alone', () => {
    const env = { KAFKA_TLS_CA_FILE: '/nowhere/ca.pem', TF_CLI_CONFIG_FILE: '/nowhere/.terraformrc' };
    expect(fileVariables(env)).toEqual({});
  });

  it('refuses X and X_FILE both set, an unreadable file and an empty one, naming each', () => {
    const env = {
      DATABASE_URL: 'postgres://x',
      DATABASE_URL_FILE: file('db', 'postgres://y'),
      LEDGER_SECRETS_KEY_FILE: join(dir, 'missing'),
      METRICS_TOKEN_FILE: file('empty', '\n'),
    };
    let error: unknown;
    try {
      fileVariables(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(FileVariableError);
    expect((error as FileVariableError).problems).toEqual([
      'DATABASE_URL_FILE: DATABASE_URL is set too (set one of them)',
      `LEDGER_SECRETS_KEY_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`,
      `METRICS_TOKEN_FILE: ${join(dir, 'empty')} is empty`,
    ]);
  });

  it('applyFileVariables writes the values into the environment given', () => {
    const env: NodeJS.ProcessEnv = { KAFKA_SASL_PASSWORD_FILE: file('pw', 'pw\n') };
    applyFileVariables(env);
    expect(env.KAFKA_SASL_PASSWORD).toBe('pw');
  });
});
