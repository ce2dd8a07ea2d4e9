import { ModuleMetadata, Provider, Type } from '@nestjs/common';
import { HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import { KafkaPort } from '../kafka/kafka-port';
import { OutboxRelay } from '../relay/outbox-relay';
import { StateStore } from '../state/state-store';
import { SERVICE_CONFIG, STATE_STORE } from './common-providers';
import { DependencyChecks, HealthSettings, TableHealth } from './dependency-checks';
import { DEPENDENCY_CHECKS, ServiceHealthController } from './service-health.controller';

/** The service's tables as the health report reads them (GameTableService has it). */
export interface TableHealthSource {
  tablesHealth(): TableHealth[];
}

/** What a game service's module adds for `/health`: terminus, the controller, and its checks over `tables`. */
export function serviceHealth(
  tables: Type<TableHealthSource>,
): Required<Pick<ModuleMetadata, 'imports' | 'controllers' | 'providers'>> {
  const checks: Provider = {
    provide: DEPENDENCY_CHECKS,
    useFactory: (
      indicator: HealthIndicatorService,
      settings: HealthSettings,
      store: StateStore,
      kafka: KafkaPort,
      relay: OutboxRelay,
      source: TableHealthSource,
    ) => new DependencyChecks(indicator, settings, store, kafka, relay, () => source.tablesHealth()),
    inject: [HealthIndicatorService, SERVICE_CONFIG, STATE_STORE, KafkaPort, OutboxRelay, tables],
  };
  return {
    imports: [TerminusModule.forRoot({ logger: false })],
    controllers: [ServiceHealthController],
    providers: [checks],
  };
}
