import { commonProviders, PortOverrides } from '@casino/table-kit';
import { DynamicModule, Module } from '@nestjs/common';
import { BaccaratServiceConfig } from '../config/baccarat-config';
import { DealerController } from '../dealer/dealer.controller';
import { TableGateway } from '../gateway/table.gateway';
import { LobbyController } from '../lobby/lobby.controller';
import { TableService } from '../table/table.service';
import { BACCARAT_CONFIG } from './tokens';

@Module({})
export class AppModule {
  static forRoot(config: BaccaratServiceConfig, overrides: PortOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      controllers: [LobbyController, DealerController],
      providers: [
        { provide: BACCARAT_CONFIG, useValue: config },
        ...commonProviders(config, overrides),
        TableService,
        TableGateway,
      ],
    };
  }
}
