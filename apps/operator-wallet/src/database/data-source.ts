import { DataSourceOptions } from 'typeorm';
import { WalletPlayerEntity } from './entities/wallet-player.entity';
import { WalletTransactionEntity } from './entities/wallet-transaction.entity';
import { OperatorWallet1764500000000 } from './migrations/1764500000000-operator-wallet';
import { WalletPlayerVersion1795400000000 } from './migrations/1795400000000-wallet-player-version';
import { WalletCallRequest1795500000000 } from './migrations/1795500000000-wallet-call-request';

export const WALLET_ENTITIES = [WalletPlayerEntity, WalletTransactionEntity];
export const WALLET_MIGRATIONS = [
  OperatorWallet1764500000000,
  WalletPlayerVersion1795400000000,
  WalletCallRequest1795500000000,
];

export function walletDataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: WALLET_ENTITIES,
    migrations: WALLET_MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: ['error'],
    extra: { max: 10 },
  };
}
