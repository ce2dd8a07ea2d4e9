import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LedgerHealth, LedgerRuntime } from '../messaging/ledger.runtime';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly runtime: LedgerRuntime) {}

  @Get()
  @ApiOperation({ summary: 'Database reachable, consumer running, relay state and counters' })
  @ApiOkResponse({ description: 'healthy (the same body with 503 when the database is unreachable)' })
  async health(@Res({ passthrough: true }) res: { status(code: number): void }): Promise<LedgerHealth> {
    const health = await this.runtime.health();
    if (!health.database) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return health;
  }
}
