import { GAME_PRINCIPALS, gamePrincipalOf } from '@casino/kafka';
import { GAMES, gameEnvPrefix } from '@casino/lobby-service/dist/config/lobby-config';
import { loadObservabilityConfig } from '@casino/observability';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS, getRoutes, KAFKA_ENV, OBSERVABILITY_ENV, ServiceEntry } from './support/apps';
import { containerEnv, FakeRun, settingNames } from './support/env';
import { build, Container, containersOf, Doc, PodSpec, ROOT } from './support/kustomize';

/**
 * infra/deploy/k8s against the code: every variable a container sets is one its command reads (its config schema,
 * or the tool's source) and loads without error in production; every port, probe path and scrape path is the app's
 * (its HTTP_PORT, its controllers' GET routes); every command is a script an image holds; every database has its
 * migration Job. No cluster or kustomize binary is reachable here: the manifests are parsed and built by
 * support/kustomize.ts.
 */
const K8S = join(ROOT, 'infra/deploy/k8s');
const LAYOUTS = { base: build(join(K8S, 'base')), production: build(join(K8S, 'overlays/production')) };
const run = new FakeRun();
const SENTINEL = 'zz-not-a-setting-0';

/** The script a container runs (`node [flags] script args`) and its entry. */
function commandOf(c: Container): { script: string; args: string[] } {
  const argv = [...(c.command ?? []), ...(c.args ?? [])];
  expect(argv[0]).toBe('node');
  const i = argv.findIndex((a, n) => n > 0 && !a.startsWith('-'));
  return { script: argv[i], args: argv.slice(i + 1) };
}

/** Whether the app's loader reads `name`: a bad value is refused naming it, or a free text one comes back. */
function reads(entry: ServiceEntry, env: Record<string, string>, name: string): boolean {
  try {
    const config = entry.load({ ...env, [name]: SENTINEL });
    return JSON.stringify(config, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).includes(
      SENTINEL,
    );
  } catch (err) {
    return new RegExp(`(^|\\s)${name}[:.\\s]`, 'm').test((err as Error).message);
  }
}

const podLabels = (d: Doc) =>
  (d as unknown as { spec: { template: { metadata: { labels: Record<string, string> } } } }).spec.template
    .metadata.labels;

describe.each(Object.entries(LAYOUTS))('Kubernetes manifests, %s', (_layout, docs) => {
  const all = containersOf(docs);

  it('runs only commands this repository has, each from its source', () => {
    for (const { container } of all) {
      const { script } = commandOf(container);
      expect({ container: container.name, known: script in COMMANDS }).toEqual({
        container: container.name,
        known: true,
      });
      expect(existsSync(join(ROOT, COMMANDS[script].source))).toBe(true);
    }
  });

  it.each(Object.keys(COMMANDS).filter((s) => COMMANDS[s].kind === 'service'))(
    '%s: every variable is one the app reads, and it starts in production with them',
    (script) => {
      const entry = COMMANDS[script] as ServiceEntry;
      const found = all.filter(({ container }) => commandOf(container).script === script);
      expect(found.length).toBe(1);
      const { container } = found[0];
      const env = containerEnv(container, docs, run);
      expect(env.problems).toEqual([]);
      expect(env.resolved.NODE_ENV).toBe('production');
      const config = entry.load(env.resolved);
      expect(() => loadObservabilityConfig(env.resolved)).not.toThrow();
      const source = readFileSync(join(ROOT, entry.source), 'utf8');
      for (const name of entry.direct) expect(source).toContain(`process.env.${name}`);
      const known = new Set([...OBSERVABILITY_ENV, ...KAFKA_ENV, ...entry.direct]);
      const unknown = settingNames(container).filter((n) => !known.has(n) && !reads(entry, env.resolved, n));
      expect(unknown).toEqual([]);
      // Its port: the one it listens on, the container's, the probes' and the scrape's.
      const port = config.HTTP_PORT ?? config.httpPort;
      expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
      const routes = getRoutes(entry.controllers);
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
        if (!probe) continue;
        expect(probe.httpGet?.port).toBe('http');
        expect(routes).toContain(probe.httpGet?.path);
      }
      expect(container.readinessProbe?.httpGet).toBeDefined();
      expect(container.livenessProbe?.httpGet).toBeDefined();
      const workload = found[0].workload as unknown as {
        spec: { template: { metadata: { annotations?: Record<string, string> } } };
      };
      const scrape = workload.spec.template.metadata.annotations ?? {};
      expect(scrape['prometheus.io/port']).toBe(String(port));
      expect(routes).toContain(scrape['prometheus.io/path']);
    },
  );

  it('tools: every variable is one the tool reads (named in its source)', () => {
    for (const { container } of all) {
      const entry = COMMANDS[commandOf(container).script];
      if (entry.kind !== 'tool') continue;
      const source = readFileSync(join(ROOT, entry.source), 'utf8');
      for (const name of entry.reads) expect(source).toContain(name);
      if (entry.kafkaSecurity) expect(source).toContain('requireKafkaSecurity');
      if (settingNames(container).some((n) => n !== 'DATABASE_URL' && n !== 'NODE_ENV'))
        expect(source).toContain('applyFileVariables');
      const allowed = new Set([...entry.reads, ...(entry.kafkaSecurity ? KAFKA_ENV : [])]);
      expect(settingNames(container).filter((n) => !allowed.has(n))).toEqual([]);
      const env = containerEnv(container, docs, run);
      expect(env.problems).toEqual([]);
    }
  });

  it('every container has resource requests and limits (cpu and memory)', () => {
    for (const { container } of all) {
      for (const kind of ['requests', 'limits'] as const)
        expect(Object.keys(container.resources?.[kind] ?? {}).sort()).toEqual(['cpu', 'memory']);
    }
  });

  it('every file a variable names is in a volume mounted there, from a secret the deployment guide lists', () => {
    const guide = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
    for (const { pod, container } of all) {
      for (const v of container.env ?? []) {
        if (!v.value?.startsWith('/run/')) continue;
        const mount = (container.volumeMounts ?? []).find((m) => v.value?.startsWith(`${m.mountPath}/`));
        expect({ variable: v.name, mounted: mount !== undefined }).toEqual({
          variable: v.name,
          mounted: true,
        });
        const volume = (pod as PodSpec).volumes?.find((vol) => vol.name === mount?.name);
        const secret = volume?.secret?.secretName;
        expect({ variable: v.name, secret }).toEqual({ variable: v.name, secret: expect.any(String) });
        const key = v.value.slice((mount?.mountPath.length ?? 0) + 1);
        // The guide's secrets table has a row naming the secret (a game service's, casino-<its Kafka principal>,
        // as casino-<game>) and the key.
        const listed = GAME_PRINCIPALS.some((p) => secret === `casino-${p}`) ? 'casino-<game>' : secret;
        const row = guide.split('\n').find((l) => l.includes(`\`${listed}\``) && l.includes(`\`${key}\``));
        expect({ secret, key, listed: row !== undefined }).toEqual({ secret, key, listed: true });
      }
    }
  });

  it('Kafka and PostgreSQL over TLS: every Kafka client has KAFKA_TLS and a CA, every database URL asks verify-full', () => {
    for (const { container } of all) {
      const names = new Set((container.env ?? []).map((v) => v.name));
      if (names.has('KAFKA_BROKERS')) {
        const env = Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value]));
        expect([container.name, env.KAFKA_TLS, env.KAFKA_SECURITY]).toEqual([container.name, 'true', 'sasl']);
        expect(env.KAFKA_TLS_CA_FILE).toMatch(/^\/run\//);
      }
    }
    // The database URLs are secrets: the guide says how to write them, with sslmode=verify-full and the CA.
    const guide = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
    expect(guide).toContain('sslmode=verify-full&sslrootcert=/run/tls/postgres/ca.crt');
  });

  it('a migration Job per database, and the services leave migrations and topics to the Jobs', () => {
    const jobs = all.filter(({ workload }) => workload.kind === 'Job');
    const databaseOf = (c: Container) => c.env?.find((v) => v.name === 'DATABASE_URL_FILE')?.value;
    for (const { workload, container } of all) {
      if (workload.kind === 'Job') continue;
      const env = Object.fromEntries((container.env ?? []).map((v) => [v.name, v.value]));
      const database = databaseOf(container);
      if (database === undefined) continue;
      const ledger = commandOf(container).script.startsWith('apps/bet-ledger/');
      const tool = ledger
        ? 'apps/bet-ledger/dist/cli/migrate.js'
        : 'packages/table-kit/dist/migrations/cli/migrate.js';
      const job = jobs.find((j) => databaseOf(j.container) === database);
      expect({ database, job: job && commandOf(job.container) }).toEqual({
        database,
        job: { script: tool, args: ['up'] },
      });
      expect(job?.container.image).toBe(container.image);
      if (ledger) expect([env.LEDGER_MIGRATIONS_RUN, env.LEDGER_CREATE_TOPICS]).toEqual(['false', 'false']);
      else expect([env.DB_MIGRATIONS_RUN, env.KAFKA_CREATE_TOPICS]).toEqual(['false', 'false']);
    }
  });

  it('the topics Job creates them with 3 replicas and min.insync.replicas 2', () => {
    const topics = all.filter(
      ({ container }) => commandOf(container).script === 'infra/kafka/create-topics.mjs',
    );
    expect(topics).toHaveLength(1);
    const env = Object.fromEntries((topics[0].container.env ?? []).map((v) => [v.name, v.value]));
    expect([env.KAFKA_REPLICATION_FACTOR, env.KAFKA_MIN_INSYNC_REPLICAS]).toEqual(['3', '2']);
  });

  it("every Service selects a workload's pods on a port its container names", () => {
    for (const svc of docs.filter((d) => d.kind === 'Service')) {
      const spec = (
        svc as unknown as { spec: { selector: Record<string, string>; ports: { targetPort: string }[] } }
      ).spec;
      const { 'statefulset.kubernetes.io/pod-name': pod, ...selector } = spec.selector;
      const workload = docs.find(
        (d) =>
          ['Deployment', 'StatefulSet'].includes(d.kind) &&
          Object.entries(selector).every(([k, v]) => podLabels(d)[k] === v),
      );
      expect({ service: svc.metadata.name, workload: workload?.metadata.name }).toEqual({
        service: svc.metadata.name,
        workload: expect.any(String),
      });
      if (pod !== undefined) {
        const replicas = (workload as unknown as { spec: { replicas: number } }).spec.replicas;
        const i = Number(pod.slice(`${workload?.metadata.name}-`.length));
        expect(pod.startsWith(`${workload?.metadata.name}-`) && i < replicas).toBe(true);
      }
      const ports = containersOf([workload as Doc]).flatMap(({ container }) => container.ports ?? []);
      for (const p of spec.ports) expect(ports.map((x) => x.name)).toContain(p.targetPort);
    }
  });

  it('every ingress backend is a Service on a port it has', () => {
    type Rule = { http: { paths: { backend: { service: { name: string; port: { number: number } } } }[] } };
    for (const ing of docs.filter((d) => d.kind === 'Ingress')) {
      for (const rule of (ing as unknown as { spec: { rules: Rule[] } }).spec.rules) {
        for (const { backend } of rule.http.paths) {
          const svc = docs.find((d) => d.kind === 'Service' && d.metadata.name === backend.service.name) as
            (Doc & { spec: { ports: { port: number }[] } }) | undefined;
          expect({ backend: backend.service.name, ports: svc?.spec.ports.map((p) => p.port) }).toEqual({
            backend: backend.service.name,
            ports: expect.arrayContaining([backend.service.port.number]),
          });
        }
      }
    }
  });

  it('the lobby lists, for every registered game, its service instances by their own address, as many as the StatefulSet runs', () => {
    const lobby = all.find(
      ({ container }) => commandOf(container).script === 'apps/lobby-service/dist/main.js',
    );
    const env = containerEnv(lobby?.container as Container, docs, run).resolved;
    for (const game of GAMES) {
      // A game's service is named by the Kafka principal writing its topics (studio games share one).
      const service = `${gamePrincipalOf(game)}-service`;
      const set = docs.find((d) => d.kind === 'StatefulSet' && d.metadata.name === service) as unknown as
        { spec: { replicas: number; serviceName: string } } | undefined;
      expect({ game, service, found: set !== undefined }).toEqual({ game, service, found: true });
      if (!set) continue;
      const port = containersOf([set as unknown as Doc])[0].container.ports?.[0].containerPort;
      const expected = Array.from(
        { length: set.spec.replicas },
        (_, i) => `http://${service}-${i}.${set.spec.serviceName}:${port}`,
      );
      const prefix = gameEnvPrefix(game);
      expect({ game, urls: env[`${prefix}_SERVICE_URL`]?.split(',') }).toEqual({ game, urls: expected });
      expect(env[`${prefix}_PUBLIC_URL`]?.split(',')).toHaveLength(set.spec.replicas);
    }
  });
});
