import {
  commonProviders,
  serviceMetrics,
  DealerAccountsModule,
  PortOverrides,
  serviceHealth,
} from '@casino/table-kit';
import { DynamicModule, Module } from '@nestjs/common';
import { StudioServiceConfig } from '../config/studio-config';
import { DealerController } from '../dealer/dealer.controller';
import { TableGateway } from '../gateway/table.gateway';
import { LobbyController } from '../lobby/lobby.controller';
import { TableService } from '../table/table.service';

@Module({})
export class AppModule {
  static forRoot(config: StudioServiceConfig, overrides: PortOverrides = {}): DynamicModule {
    const health = serviceHealth(TableService);
    const metrics = serviceMetrics('studio-games-service');
    return {
      module: AppModule,
      imports: [...health.imports, ...metrics.imports, DealerAccountsModule.forRoot(config, 'studio-games')],
      controllers: [LobbyController, DealerController, ...health.controllers],
      providers: [
        ...commonProviders(config, overrides),
        ...health.providers,
        ...metrics.providers,
        TableService,
        TableGateway,
      ],
    };
  }
}
