import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController } from './api/health.controller';
import { PlayersController } from './api/players.controller';
import { RoundsController } from './api/rounds.controller';
import { LEDGER_CONFIG, LedgerConfig } from './config/ledger-config';
import { ledgerDataSourceOptions } from './database/data-source';
import { LedgerRuntime } from './ledger.runtime';

@Module({})
export class LedgerModule {
  static forRoot(config: LedgerConfig): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        TypeOrmModule.forRoot({ ...ledgerDataSourceOptions(config.DATABASE_URL, config.DB_POOL_SIZE) }),
      ],
      controllers: [HealthController, PlayersController, RoundsController],
      providers: [{ provide: LEDGER_CONFIG, useValue: config }, LedgerRuntime],
    };
  }
}
