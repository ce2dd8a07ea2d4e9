import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { DependencyChecks } from './dependency-checks';

/** What a health endpoint writes on (Express). */
interface HealthResponse {
  status(code: number): unknown;
}

export const DEPENDENCY_CHECKS = 'DEPENDENCY_CHECKS';

/**
 * Liveness and readiness of a game service (`@nestjs/terminus`). `/health/live`: the process answers (a table
 * paused on a dependency is alive; restarting it would not help). `/health/ready` and `/health`: PostgreSQL, Kafka
 * and the ledger each answer, 503 with the failing ones otherwise.
 */
@Controller('health')
export class ServiceHealthController {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(DEPENDENCY_CHECKS) private readonly checks: DependencyChecks,
  ) {}

  @Get('live')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  live(@Res({ passthrough: true }) res: HealthResponse): Promise<HealthCheckResult> {
    return this.run(res, [() => this.checks.tablesReport()]);
  }

  @Get()
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  readiness(@Res({ passthrough: true }) res: HealthResponse): Promise<HealthCheckResult> {
    return this.ready(res);
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  ready(@Res({ passthrough: true }) res: HealthResponse): Promise<HealthCheckResult> {
    return this.run(res, [
      () => this.checks.database(),
      () => this.checks.kafka(),
      () => this.checks.ledger(),
      () => this.checks.tablesReport(),
    ]);
  }

  /** Terminus's report as the body either way: 200 when every check is up, 503 otherwise. */
  private async run(
    res: HealthResponse,
    indicators: Parameters<HealthCheckService['check']>[0],
  ): Promise<HealthCheckResult> {
    try {
      return await this.health.check(indicators);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      res.status(503);
      return err.getResponse() as HealthCheckResult;
    }
  }
}
