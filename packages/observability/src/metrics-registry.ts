import { collectDefaultMetrics, Registry } from 'prom-client';

/** The registry a process serves at /metrics: one per process, so hooks anywhere in a service reach it. */
let processRegistry: Registry | undefined;
let defaultsCollected = false;

export function metricsRegistry(): Registry {
  processRegistry ??= new Registry();
  return processRegistry;
}

/**
 * Names the service on every series (`service` label) and starts Node's default process metrics (CPU, memory,
 * event-loop lag, GC), once per process even when a test starts several apps in it.
 */
export function initServiceMetrics(service: string, registry: Registry = metricsRegistry()): Registry {
  registry.setDefaultLabels({ service });
  if (registry === processRegistry && defaultsCollected) return registry;
  // Node's process metrics under the platform's one prefix too (casino_process_cpu_seconds_total, …).
  collectDefaultMetrics({ register: registry, prefix: 'casino_' });
  if (registry === processRegistry) defaultsCollected = true;
  return registry;
}
