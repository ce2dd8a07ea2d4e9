import { loadObservabilityConfig, MetricsModule } from '@casino/observability';
import { DynamicModule, Provider } from '@nestjs/common';
import { OutboxBacklogPoller } from './outbox-backlog.poller';

/** What a game service's module adds for its metrics: GET /metrics (METRICS_TOKEN if set) and the polled gauges. */
export function serviceMetrics(service: string): { imports: DynamicModule[]; providers: Provider[] } {
  const { METRICS_TOKEN } = loadObservabilityConfig(process.env);
  return {
    imports: [MetricsModule.forRoot({ service, token: METRICS_TOKEN })],
    providers: [OutboxBacklogPoller],
  };
}
