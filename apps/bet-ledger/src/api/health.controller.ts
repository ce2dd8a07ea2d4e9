import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerHealth, LedgerRuntime } from '../messaging/ledger.runtime';
import { ManageTablesUseCase } from '../use-cases/manage-tables/manage-tables.use-case';

type TableRefusalStats = Awaited<ReturnType<ManageTablesUseCase['refusals']>>;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly runtime: LedgerRuntime,
    private readonly tables: ManageTablesUseCase,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Database reachable, consumer running, relay state and counters' })
  @ApiOkResponse({ description: 'healthy (the same body with 503 when the database is unreachable)' })
  async health(
    @Res({ passthrough: true }) res: { status(code: number): void },
  ): Promise<LedgerHealth & { tableRefusals?: TableRefusalStats }> {
    const health = await this.runtime.health();
    if (!health.database) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return health;
    }
    // RoundOpened refused by the table catalogue (all instances): each also logged as an ALERT line.
    const tableRefusals = await this.tables.refusals().catch(() => undefined);
    return { ...health, tableRefusals };
  }
}
