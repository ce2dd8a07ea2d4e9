import { gameServiceModule, PortOverrides } from '@casino/table-kit/nest';
import { DynamicModule, Module } from '@nestjs/common';
import { BaccaratServiceConfig } from '../config/baccarat-config';
import { DealerController } from '../dealer/dealer.controller';
import { TableGateway } from '../gateway/table.gateway';
import { LobbyController } from '../lobby/lobby.controller';
import { TableService } from '../table/table.service';

@Module({})
export class AppModule {
  static forRoot(config: BaccaratServiceConfig, overrides: PortOverrides = {}): DynamicModule {
    return gameServiceModule(AppModule, {
      config,
      overrides,
      service: 'baccarat-service',
      principal: 'baccarat',
      tableService: TableService,
      gateway: TableGateway,
      controllers: [LobbyController, DealerController],
    });
  }
}
