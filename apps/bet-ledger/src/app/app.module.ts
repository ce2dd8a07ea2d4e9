import { MetricsModule } from '@casino/observability';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HealthController } from '../api/health.controller';
import { HttpExceptionFilter } from '../api/http-exception.filter';
import { OperatorApiController } from '../api/operator-api.controller';
import { BonusApiController } from '../api/bonus-api.controller';
import { BonusSweeper } from '../use-cases/manage-bonuses/bonus.sweeper';
import { ManageBonusesUseCase } from '../use-cases/manage-bonuses/manage-bonuses.use-case';
import { FreeBetApiController } from '../api/free-bet-api.controller';
import { ManageFreeBetsUseCase } from '../use-cases/manage-free-bets/manage-free-bets.use-case';
import { BackOfficeGuard, OperatorAuthGuard } from '../api/operator-auth.guard';
import { PlayersController } from '../api/players.controller';
import { VipLimitsBackOfficeController } from '../api/vip-limits-back-office.controller';
import { VipLimitsController } from '../api/vip-limits.controller';
import { QuarantineController } from '../api/quarantine.controller';
import { RoundInterventionsController } from '../api/round-interventions.controller';
import { RoundsController } from '../api/rounds.controller';
import { TableCatalogueController } from '../api/table-catalogue.controller';
import { VoidApprovalsController } from '../api/void-approvals.controller';
import { TableLeasesController } from '../api/table-leases.controller';
import { BACK_OFFICE_CONTROLLERS, BACK_OFFICE_PROVIDERS } from '../back-office/back-office.providers';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { ledgerDataSourceOptions } from '../database/data-source';
import { LedgerRuntime } from '../messaging/ledger.runtime';
import { ReconciliationController } from '../back-office/reconciliation/reconciliation.controller';
import { SeamlessBalances } from '../seamless/seamless-balances';
import { SeamlessWorker } from '../seamless/seamless.worker';
import { DECIDE_BET_COMMANDS } from '../seamless/seamless-check';
import { decideBetCommands } from '../use-cases/bet-commands/decide-bet-commands.use-case';
import { LedgerMetricsPoller } from '../observability/ledger-metrics.poller';
import { TransactionRunner } from '../transaction/transaction.runner';
import { AuthenticateOperatorUseCase } from '../use-cases/authenticate-operator/authenticate-operator.use-case';
import { DepositUseCase } from '../use-cases/deposit/deposit.use-case';
import { LaunchSessionUseCase } from '../use-cases/launch-session/launch-session.use-case';
import { OperatorCatalogueUseCase } from '../use-cases/operator-catalogue/operator-catalogue.use-case';
import { ManagePlayersUseCase } from '../use-cases/manage-players/manage-players.use-case';
import { EventApplier } from '../use-cases/apply-event/event.applier';
import { InterveneRoundUseCase } from '../use-cases/intervene-round/intervene-round.use-case';
import { ApproveVoidUseCase } from '../use-cases/approve-void/approve-void.use-case';
import { ManageQuarantineUseCase } from '../use-cases/manage-quarantine/manage-quarantine.use-case';
import { ManageTablesUseCase } from '../use-cases/manage-tables/manage-tables.use-case';
import { LedgerQueries } from '../use-cases/queries/ledger.queries';
import { SetGamblingLimitsUseCase } from '../use-cases/set-gambling-limits/set-gambling-limits.use-case';
import { SetPersonalLimitUseCase } from '../use-cases/set-personal-limit/set-personal-limit.use-case';
import { GrantVipLimitsUseCase } from '../use-cases/grant-vip-limits/grant-vip-limits.use-case';
import { TransferFundsUseCase } from '../use-cases/transfer-funds/transfer-funds.use-case';
import { balanceCeilings } from '../config/balance-ceilings';
import { liveResultsSetting } from '../use-cases/settle-round/result-attestation.check';
import { HeldPayoutsController } from '../api/held-payouts.controller';
import {
  PLAYER_HISTORY_CONTROLLERS,
  PLAYER_HISTORY_PROVIDERS,
} from '../player-history/player-history.providers';
import { PlayerBreaksController } from '../player-history/player-breaks.controller';
import { PlayerBreaksUseCase } from '../use-cases/player-breaks/player-breaks.use-case';

@Module({})
export class LedgerModule {
  /** `metricsToken`: when set, GET /metrics requires it as a bearer token. */
  static forRoot(config: LedgerConfig, metricsToken?: string): DynamicModule {
    balanceCeilings.configure(config);
    liveResultsSetting.configure(config);
    return {
      module: LedgerModule,
      imports: [
        TypeOrmModule.forRoot({ ...ledgerDataSourceOptions(config.DATABASE_URL, config.DB_POOL_SIZE) }),
        MetricsModule.forRoot({ service: 'bet-ledger', token: metricsToken }),
      ],
      controllers: [
        HealthController,
        PlayersController,
        ReconciliationController,
        RoundsController,
        OperatorApiController,
        BonusApiController,
        FreeBetApiController,
        VipLimitsController,
        VipLimitsBackOfficeController,
        QuarantineController,
        TableCatalogueController,
        RoundInterventionsController,
        VoidApprovalsController,
        TableLeasesController,
        HeldPayoutsController,
        ...BACK_OFFICE_CONTROLLERS,
        ...PLAYER_HISTORY_CONTROLLERS,
        PlayerBreaksController,
      ],
      providers: [
        { provide: LEDGER_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        LedgerRuntime,
        LedgerMetricsPoller,
        {
          provide: TransactionRunner,
          useFactory: (runtime: LedgerRuntime) => runtime.transactions,
          inject: [LedgerRuntime],
        },
        { provide: DECIDE_BET_COMMANDS, useValue: decideBetCommands },
        SeamlessWorker,
        SeamlessBalances,
        {
          provide: EventApplier,
          useFactory: (runtime: LedgerRuntime) => runtime.applier,
          inject: [LedgerRuntime],
        },
        ManageQuarantineUseCase,
        ManageTablesUseCase,
        InterveneRoundUseCase,
        ApproveVoidUseCase,
        DepositUseCase,
        SetPersonalLimitUseCase,
        GrantVipLimitsUseCase,
        SetGamblingLimitsUseCase,
        LedgerQueries,
        AuthenticateOperatorUseCase,
        LaunchSessionUseCase,
        OperatorCatalogueUseCase,
        ManagePlayersUseCase,
        TransferFundsUseCase,
        ManageBonusesUseCase,
        ManageFreeBetsUseCase,
        BonusSweeper,
        OperatorAuthGuard,
        BackOfficeGuard,
        ...BACK_OFFICE_PROVIDERS,
        ...PLAYER_HISTORY_PROVIDERS,
        PlayerBreaksUseCase,
      ],
    };
  }
}
