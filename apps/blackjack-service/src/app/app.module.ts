import { gameServiceModule, PortOverrides } from '@casino/table-kit/nest';
import { DynamicModule, Module } from '@nestjs/common';
import { BlackjackServiceConfig } from '../config/blackjack-config';
import { DealerController } from '../dealer/dealer.controller';
import { TableGateway } from '../gateway/table.gateway';
import { LobbyController } from '../lobby/lobby.controller';
import { TableService } from '../table/table.service';

@Module({})
export class AppModule {
  static forRoot(config: BlackjackServiceConfig, overrides: PortOverrides = {}): DynamicModule {
    return gameServiceModule(AppModule, {
      config,
      overrides,
      service: 'blackjack-service',
      principal: 'blackjack',
      tableService: TableService,
      gateway: TableGateway,
      controllers: [LobbyController, DealerController],
    });
  }
}
