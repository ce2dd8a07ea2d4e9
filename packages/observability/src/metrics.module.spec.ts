import { UnauthorizedException } from '@nestjs/common';
import { Registry } from 'prom-client';
import { LedgerMetrics } from './metric-definitions';
import { MetricsController } from './metrics.module';

describe('MetricsController', () => {
  const registry = new Registry();
  new LedgerMetrics(registry).outboxBacklog.set(3);

  it('serves the registry in the text format', async () => {
    const text = await new MetricsController({ service: 'bet-ledger', registry }).metrics();
    expect(text).toContain('# TYPE casino_ledger_outbox_backlog gauge');
    expect(text).toContain('casino_ledger_outbox_backlog 3');
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const controller = new MetricsController({
      service: 'bet-ledger',
      registry,
      token: 'scrape-token-0123456789',
    });
    expect(() => controller.metrics()).toThrow(UnauthorizedException);
    expect(() => controller.metrics('Bearer wrong')).toThrow(UnauthorizedException);
    await expect(controller.metrics('Bearer scrape-token-0123456789')).resolves.toContain(
      'casino_ledger_outbox_backlog 3',
    );
  });
});
