import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WALLET_CONFIG, WalletConfig } from '../config/wallet-config';
import { walletDataSourceOptions } from '../database/data-source';
import { MoneyCallPool } from '../database/money-call-pool';
import { FaultPlan } from '../faults/fault-plan';
import { AdminTokenGuard } from '../players/admin-token.guard';
import { PlayerAdminController } from '../players/player-admin.controller';
import { StatementController } from '../players/statement.controller';
import { WalletCallHandler } from '../wallet/wallet-call.handler';
import { WalletService } from '../wallet/wallet.service';
import { HealthController } from './health.controller';

@Module({})
export class OperatorWalletModule {
  static forRoot(config: WalletConfig): DynamicModule {
    return {
      module: OperatorWalletModule,
      imports: [TypeOrmModule.forRoot(walletDataSourceOptions(config.DATABASE_URL))],
      controllers: [PlayerAdminController, StatementController, HealthController],
      providers: [
        { provide: WALLET_CONFIG, useValue: config },
        FaultPlan,
        MoneyCallPool,
        WalletService,
        WalletCallHandler,
        AdminTokenGuard,
      ],
    };
  }
}
