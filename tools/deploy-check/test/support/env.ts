import { fileVariables, SECRET_FILE_VARIABLES } from '@casino/observability';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Container, Doc } from './kustomize';

/** Stand-ins for the secrets' files (by key, the file's name), valid for NODE_ENV=production, none a dev default. */
export const SECRET_SAMPLES: Record<string, string> = {
  'database-url':
    'postgres://casino:pw@postgres.example:5432/casino?sslmode=verify-full&sslrootcert=/run/tls/postgres/ca.crt',
  'secrets-key': 'ab'.repeat(32),
  'backoffice-token': 'backoffice-token-0123456789',
  'player-token-secret': 'player-token-secret-0123456789',
  'metrics-token': 'metrics-token-0123456789',
  'kafka-password': 'kafka-password-0123',
  'table-state-key': 'cd'.repeat(32),
  'dealer-token-secret': 'dealer-token-secret-0123456789-0123456789',
  'ca.crt': '-----BEGIN CERTIFICATE-----\nstand-in\n-----END CERTIFICATE-----\n',
};

/** Files under /run in a container, made in a scratch folder so the loaders can read them. */
export class FakeRun {
  readonly dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));

  /** The scratch path of `path`, with the sample of its name written there. */
  place(path: string): string {
    const sample = SECRET_SAMPLES[basename(path)];
    if (sample === undefined) throw new Error(`${path}: no sample for a file named ${basename(path)}`);
    const local = join(this.dir, path);
    mkdirSync(dirname(local), { recursive: true });
    writeFileSync(local, sample);
    return local;
  }
}

export interface ResolvedEnv {
  /** The variables as the container gets them (a field reference as a pod's name, /run paths in the scratch folder). */
  raw: Record<string, string>;
  /** raw with the secrets' files read (X_FILE → X), as readBootConfig does. */
  resolved: Record<string, string>;
  problems: string[];
}

/** A container's environment, each value as Kubernetes would give it (ConfigMap keys from `docs`). */
export function containerEnv(container: Container, docs: Doc[], run: FakeRun): ResolvedEnv {
  const raw: Record<string, string> = {};
  const problems: string[] = [];
  for (const v of container.env ?? []) {
    if (v.value !== undefined) raw[v.name] = v.value;
    else if (v.valueFrom?.configMapKeyRef) {
      const { name, key } = v.valueFrom.configMapKeyRef;
      const cm = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === name) as
        (Doc & { data?: Record<string, string> }) | undefined;
      const value = cm?.data?.[key];
      if (value === undefined) problems.push(`${v.name}: ConfigMap ${name} has no key ${key}`);
      else raw[v.name] = value;
    } else if (v.valueFrom?.fieldRef?.fieldPath === 'metadata.name') raw[v.name] = `${container.name}-0`;
    else problems.push(`${v.name}: neither a value nor a reference this check knows`);
  }
  for (const [name, value] of Object.entries(raw))
    if (value.startsWith('/run/') && (name.endsWith('_FILE') || name.endsWith('_CA_FILE')))
      raw[name] = run.place(value);
  for (const name of Object.keys(raw)) {
    if (
      name.endsWith('_FILE') &&
      name !== 'KAFKA_TLS_CA_FILE' &&
      !SECRET_FILE_VARIABLES.has(name.slice(0, -5))
    )
      problems.push(`${name}: ${name.slice(0, -5)} cannot come from a file (SECRET_FILE_VARIABLES)`);
  }
  let resolved = raw;
  try {
    resolved = { ...raw, ...fileVariables(raw) };
  } catch (err) {
    problems.push((err as Error).message);
  }
  return { raw, resolved, problems };
}

/** The names a container sets, a secret's file named by its variable (X_FILE → X). */
export function settingNames(container: Container): string[] {
  return (container.env ?? []).map((v) =>
    v.name.endsWith('_FILE') && SECRET_FILE_VARIABLES.has(v.name.slice(0, -5)) ? v.name.slice(0, -5) : v.name,
  );
}
