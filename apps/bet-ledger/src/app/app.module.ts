import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController } from '../api/health.controller';
import { HttpExceptionFilter } from '../api/http-exception.filter';
import { PlayersController } from '../api/players.controller';
import { RoundsController } from '../api/rounds.controller';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { ledgerDataSourceOptions } from '../database/data-source';
import { LedgerRuntime } from '../messaging/ledger.runtime';
import { TransactionRunner } from '../transaction/transaction.runner';
import { DepositUseCase } from '../use-cases/deposit/deposit.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';

@Module({})
export class LedgerModule {
  static forRoot(config: LedgerConfig): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        TypeOrmModule.forRoot({ ...ledgerDataSourceOptions(config.DATABASE_URL, config.DB_POOL_SIZE) }),
      ],
      controllers: [HealthController, PlayersController, RoundsController],
      providers: [
        { provide: LEDGER_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        LedgerRuntime,
        {
          provide: TransactionRunner,
          useFactory: (runtime: LedgerRuntime) => runtime.transactions,
          inject: [LedgerRuntime],
        },
        DepositUseCase,
        SetPersonalLimitUseCase,
        LedgerQueries,
      ],
    };
  }
}
