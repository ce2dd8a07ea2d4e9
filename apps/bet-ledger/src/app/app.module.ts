import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController } from '../api/health.controller';
import { HttpExceptionFilter } from '../api/http-exception.filter';
import { OperatorApiController } from '../api/operator-api.controller';
import { BackOfficeGuard, OperatorAuthGuard } from '../api/operator-auth.guard';
import { PlayersController } from '../api/players.controller';
import { QuarantineController } from '../api/quarantine.controller';
import { RoundInterventionsController } from '../api/round-interventions.controller';
import { RoundsController } from '../api/rounds.controller';
import { TableCatalogueController } from '../api/table-catalogue.controller';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { ledgerDataSourceOptions } from '../database/data-source';
import { LedgerRuntime } from '../messaging/ledger.runtime';
import { TransactionRunner } from '../transaction/transaction.runner';
import { AuthenticateOperatorUseCase } from '../use-cases/authenticate-operator/authenticate-operator.use-case';
import { DepositUseCase } from '../use-cases/deposit/deposit.use-case';
import { LaunchSessionUseCase } from '../use-cases/launch-session/launch-session.use-case';
import { ManagePlayersUseCase } from '../use-cases/manage-players/manage-players.use-case';
import { EventApplier } from '../use-cases/apply-event/event.applier';
import { InterveneRoundUseCase } from '../use-cases/intervene-round/intervene-round.use-case';
import { ManageQuarantineUseCase } from '../use-cases/manage-quarantine/manage-quarantine.use-case';
import { ManageTablesUseCase } from '../use-cases/manage-tables/manage-tables.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { SetGamblingLimitsUseCase } from '../use-cases/set-gambling-limits/set-gambling-limits.use-case';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';
import { TransferFundsUseCase } from '../use-cases/transfer-funds/transfer-funds.use-case';

@Module({})
export class LedgerModule {
  static forRoot(config: LedgerConfig): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        TypeOrmModule.forRoot({ ...ledgerDataSourceOptions(config.DATABASE_URL, config.DB_POOL_SIZE) }),
      ],
      controllers: [
        HealthController,
        PlayersController,
        RoundsController,
        OperatorApiController,
        QuarantineController,
        TableCatalogueController,
        RoundInterventionsController,
      ],
      providers: [
        { provide: LEDGER_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        LedgerRuntime,
        {
          provide: TransactionRunner,
          useFactory: (runtime: LedgerRuntime) => runtime.transactions,
          inject: [LedgerRuntime],
        },
        {
          provide: EventApplier,
          useFactory: (runtime: LedgerRuntime) => runtime.applier,
          inject: [LedgerRuntime],
        },
        ManageQuarantineUseCase,
        ManageTablesUseCase,
        InterveneRoundUseCase,
        DepositUseCase,
        SetPersonalLimitUseCase,
        SetGamblingLimitsUseCase,
        LedgerQueries,
        AuthenticateOperatorUseCase,
        LaunchSessionUseCase,
        ManagePlayersUseCase,
        TransferFundsUseCase,
        OperatorAuthGuard,
        BackOfficeGuard,
      ],
    };
  }
}
