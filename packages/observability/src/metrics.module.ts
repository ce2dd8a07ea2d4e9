import {
  Controller,
  DynamicModule,
  Get,
  Header,
  Headers,
  Inject,
  MiddlewareConsumer,
  Module,
  NestModule,
  RequestMethod,
  UnauthorizedException,
} from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import { httpMetricsMiddleware } from './http-metrics.middleware';
import { initServiceMetrics, metricsRegistry } from './metrics-registry';

const METRICS_OPTIONS = 'METRICS_OPTIONS';

export interface MetricsOptions {
  /** The `service` label of every series (bet-ledger, baccarat-service, …). */
  service: string;
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Default: the process registry, where the services' hooks count. */
  registry?: Registry;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics: the registry in Prometheus's text format. */
@Controller()
export class MetricsController {
  private readonly registry: Registry;

  constructor(@Inject(METRICS_OPTIONS) private readonly options: MetricsOptions) {
    this.registry = options.registry ?? metricsRegistry();
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  metrics(@Headers('authorization') authorization?: string): Promise<string> {
    const { token } = this.options;
    if (token && !sameToken(authorization ?? '', `Bearer ${token}`)) {
      throw new UnauthorizedException({ code: 'METRICS_UNAUTHORIZED', message: 'bearer token required' });
    }
    return this.registry.metrics();
  }
}

@Module({})
export class MetricsModule implements NestModule {
  /** Every route of the app: its requests counted and timed (casino_http_requests_total, …_seconds). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(httpMetricsMiddleware()).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }

  /** Serves /metrics, counts the HTTP requests and starts the default process metrics, labelled with the service. */
  static forRoot(options: MetricsOptions): DynamicModule {
    initServiceMetrics(options.service, options.registry ?? metricsRegistry());
    return {
      module: MetricsModule,
      controllers: [MetricsController],
      providers: [{ provide: METRICS_OPTIONS, useValue: options }],
    };
  }
}
