import { DynamicModule, Type } from '@nestjs/common';
import { CommonEnv } from '../config/load-config';
import { DealerAccountsModule } from '../dealer-accounts/dealer-accounts.module';
import { commonProviders, PortOverrides } from './common-providers';
import { serviceHealth, TableHealthSource } from './service-health';
import { serviceMetrics } from './service-metrics';

/** What differs between the game services' root modules; the rest is `gameServiceModule`'s. */
export interface GameServiceModuleParts {
  /** The service's whole validated configuration. */
  config: CommonEnv;
  /** Ports a test replaces (clock, random source, state store, origin policy). */
  overrides?: PortOverrides;
  /** e.g. roulette-service: the service label of its metrics. */
  service: string;
  /** The service's Kafka principal (e.g. roulette): its dealers' tokens and registry rows are under this name. */
  principal: string;
  /** The service's tables (a GameTableService), which `/health` also reads. */
  tableService: Type<TableHealthSource>;
  /** The players' WebSocket gateway. */
  gateway: Type<unknown>;
  /** The service's own controllers (lobby, dealer), before the health controller. */
  controllers: Type<unknown>[];
}

/**
 * A game service's root module: the shared ports (commonProviders), `/health`, `/metrics`, the dealer accounts,
 * and the service's own tables, gateway and controllers.
 */
export function gameServiceModule(module: Type<unknown>, parts: GameServiceModuleParts): DynamicModule {
  const { config, overrides = {}, service, principal, tableService, gateway, controllers } = parts;
  const health = serviceHealth(tableService);
  const metrics = serviceMetrics(service);
  return {
    module,
    imports: [...health.imports, ...metrics.imports, DealerAccountsModule.forRoot(config, principal)],
    controllers: [...controllers, ...health.controllers],
    providers: [
      ...commonProviders(config, overrides),
      ...health.providers,
      ...metrics.providers,
      tableService,
      gateway,
    ],
  };
}
