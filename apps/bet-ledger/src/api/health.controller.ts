import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { LedgerRuntime } from '../ledger.runtime';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    private readonly runtime: LedgerRuntime,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Database reachable, consumer running, relay state and counters' })
  @ApiOkResponse({ description: 'healthy (503 when the database is unreachable)' })
  async health() {
    let database = true;
    try {
      await this.ds.query('SELECT 1');
    } catch {
      database = false;
    }
    const unsent = database
      ? Number((await this.ds.query(`SELECT count(*) AS n FROM ledger_outbox`))[0].n)
      : null;
    const { consumer, relay, pruner } = this.runtime;
    const body = {
      status: database ? 'ok' : 'down',
      database,
      consumer: consumer ? { running: consumer.running, ...consumer.counters } : null,
      relay: relay
        ? { leader: relay.leader, published: relay.published, lastError: relay.lastError ?? null }
        : null,
      outboxUnsent: unsent,
      processedIdsPruned: pruner ? pruner.pruned : null,
    };
    if (!database) throw new ServiceUnavailableException(body);
    return body;
  }
}
