import { DynamicModule, Module } from '@nestjs/common';
import { LobbyController } from '../api/lobby.controller';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';
import { LobbyGateway } from '../gateway/lobby.gateway';
import { PlayerWalletController } from '../players/player-wallet.controller';
import { TableDirectory } from '../tables/table-directory.service';
import { WebClientController } from '../web/web-client.controller';

@Module({})
export class AppModule {
  static forRoot(config: LobbyConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [LobbyController, PlayerWalletController, WebClientController],
      providers: [{ provide: LOBBY_CONFIG, useValue: config }, TableDirectory, LobbyGateway],
    };
  }
}
