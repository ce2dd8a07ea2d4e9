import { loadObservabilityConfig, MetricsModule } from '@casino/observability';
import { DynamicModule, Module } from '@nestjs/common';
import { LobbyController } from '../api/lobby.controller';
import { LOBBY_CONFIG, LobbyConfig } from '../config/lobby-config';
import { LobbyGateway } from '../gateway/lobby.gateway';
import { PlayerHistoryController } from '../players/player-history.controller';
import { PlayerWalletController } from '../players/player-wallet.controller';
import { TableDirectory } from '../tables/table-directory.service';
import { WebClientController } from '../web/web-client.controller';

@Module({})
export class AppModule {
  static forRoot(config: LobbyConfig): DynamicModule {
    const { METRICS_TOKEN } = loadObservabilityConfig(process.env);
    return {
      module: AppModule,
      imports: [MetricsModule.forRoot({ service: 'lobby-service', token: METRICS_TOKEN })],
      controllers: [LobbyController, PlayerWalletController, PlayerHistoryController, WebClientController],
      providers: [{ provide: LOBBY_CONFIG, useValue: config }, TableDirectory, LobbyGateway],
    };
  }
}
