import { join } from 'node:path';
import { GAME_SERVICE_APPS } from './support/apps';
import { build, containersOf, Doc, ROOT } from './support/kustomize';

/**
 * A pod gets SIGTERM, then SIGKILL after its terminationGracePeriodSeconds (30 when unset). A game service drains
 * first (packages/table-kit/src/nest/service-drain.ts, docs/services.md "Draining"): the ledger's decisions awaited
 * up to LEDGER_DECISION_TIMEOUT_MS (5 s by default), the outbox sent for up to 5 s (DRAIN_OUTBOX_MS in
 * game-table.service.ts), then the consumer group left and the store closed (a few seconds at most). The grace
 * period of every workload must leave that time, or a rolling restart would kill pods mid-drain.
 */
const K8S = join(ROOT, 'infra/deploy/k8s');
const LAYOUTS = { base: build(join(K8S, 'base')), production: build(join(K8S, 'overlays/production')) };
const DEFAULT_GRACE_S = 30;
const DEFAULT_DECISION_TIMEOUT_MS = 5_000;
const OUTBOX_FLUSH_MS = 5_000;
/** Leaving the group, closing the store and the HTTP server. */
const LEAVE_MS = 5_000;

function decisionTimeoutMs(
  docs: Doc[],
  env: { name: string; value?: string; valueFrom?: unknown }[],
): number {
  const v = env.find((e) => e.name === 'LEDGER_DECISION_TIMEOUT_MS');
  if (!v) return DEFAULT_DECISION_TIMEOUT_MS;
  if (v.value !== undefined) return Number(v.value);
  const ref = (v.valueFrom as { configMapKeyRef?: { name: string; key: string } }).configMapKeyRef;
  const map = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === ref?.name) as
    (Doc & { data?: Record<string, string> }) | undefined;
  return Number(map?.data?.[ref?.key ?? ''] ?? DEFAULT_DECISION_TIMEOUT_MS);
}

describe.each(Object.entries(LAYOUTS))('%s: grace periods cover the drain', (_layout, docs) => {
  const services = containersOf(docs).filter(({ workload }) => workload.kind !== 'Job');

  it('has the services', () => {
    expect(services.map(({ workload }) => workload.metadata.name)).toEqual(
      expect.arrayContaining([...GAME_SERVICE_APPS, 'bet-ledger', 'lobby-service']),
    );
  });

  it.each(services.map((s) => [s.workload.metadata.name, s] as const))(
    '%s: terminationGracePeriodSeconds above the longest drain',
    (_name, { pod, container }) => {
      const grace = (pod as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds;
      const drainMs = decisionTimeoutMs(docs, container.env ?? []) + OUTBOX_FLUSH_MS + LEAVE_MS;
      expect((grace ?? DEFAULT_GRACE_S) * 1000).toBeGreaterThan(drainMs);
    },
  );
});
