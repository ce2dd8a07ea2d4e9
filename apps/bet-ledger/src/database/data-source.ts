import { WALLET_ENTITIES, WALLET_MIGRATIONS } from '@casino/wallet';
import { DataSource, DataSourceOptions } from 'typeorm';
import { CreateLedger1714560000000 } from './migrations/1714560000000-create-ledger';
import { BetCancellation1717200000000 } from './migrations/1717200000000-bet-cancellation';
import { ProcessedEventsAge1732300000000 } from './migrations/1732300000000-processed-events-age';
import { ShoeReveals1732400000000 } from './migrations/1732400000000-shoe-reveals';
import { Operators1740000000000 } from './migrations/1740000000000-operators';
import { ResponsibleGambling1763860000000 } from './migrations/1763860000000-responsible-gambling';
import { QuarantinedEvents1764100000000 } from './migrations/1764100000000-quarantined-events';
import { PendingRoundEvents1764100000001 } from './migrations/1764100000001-pending-round-events';
import { GamblingUsage1764200000000 } from './migrations/1764200000000-gambling-usage';
import { TableCatalogue1764300000000 } from './migrations/1764300000000-table-catalogue';
import { RoundInterventions1764400000000 } from './migrations/1764400000000-round-interventions';
import { OutboxParking1764500000000 } from './migrations/1764500000000-outbox-parking';
import { SeamlessWallet1764600000000 } from './migrations/1764600000000-seamless-wallet';
import { BackOffice1764700000000 } from './migrations/1764700000000-back-office';
import { SeamlessManual1764800000000 } from './migrations/1764800000000-seamless-manual';
import { VipLimits1764950000000 } from './migrations/1764950000000-vip-limits';
import { OperatorCatalogueLaunch1764960000000 } from './migrations/1764960000000-operator-catalogue-launch';
import { VoidApprovals1764970000000 } from './migrations/1764970000000-void-approvals';
import { TableLeases1764980000000 } from './migrations/1764980000000-table-leases';
import { PlayerBreaks1765200000000 } from './migrations/1765200000000-player-breaks';
import { TableResultKeys1764990000000 } from './migrations/1764990000000-table-result-keys';
import { DepositCaps1764910000000 } from './migrations/1764910000000-deposit-caps';
import { HeldPayouts1764920000000 } from './migrations/1764920000000-held-payouts';
import { CommandRefusals1764900000000 } from './migrations/1764900000000-command-refusals';
import { BonusFunds1765000000000 } from './migrations/1765000000000-bonus-funds';
import { TableCatalogueGames1765100000000 } from './migrations/1765100000000-table-catalogue-games';
import { FreeBets1765300000000 } from './migrations/1765300000000-free-bets';
import { SessionTimeLimit1765400000000 } from './migrations/1765400000000-session-time-limit';
import { TableDealer1765500000000 } from './migrations/1765500000000-table-dealer';
import { FreeBetWinnings1765600000000 } from './migrations/1765600000000-free-bet-winnings';
import { WalletProtocol1765700000000 } from './migrations/1765700000000-wallet-protocol';
import { ExchangeRates1765710000000 } from './migrations/1765710000000-exchange-rates';
import { TableDealerLanguage1765730000000 } from './migrations/1765730000000-table-dealer-language';
import { BetsInPlayShards1765740000000 } from './migrations/1765740000000-bets-in-play-shards';
import { FunMode1765720000000 } from './migrations/1765720000000-fun-mode';

/** The wallet's accounts and entries (WalletService); the ledger's own tables are read and written in SQL. */
export const LEDGER_ENTITIES = WALLET_ENTITIES;

/** Wallet first: ledger tables reference wallet accounts. */
export const LEDGER_MIGRATIONS = [
  ...WALLET_MIGRATIONS,
  CreateLedger1714560000000,
  BetCancellation1717200000000,
  ProcessedEventsAge1732300000000,
  ShoeReveals1732400000000,
  Operators1740000000000,
  ResponsibleGambling1763860000000,
  QuarantinedEvents1764100000000,
  PendingRoundEvents1764100000001,
  GamblingUsage1764200000000,
  TableCatalogue1764300000000,
  RoundInterventions1764400000000,
  OutboxParking1764500000000,
  SeamlessWallet1764600000000,
  BackOffice1764700000000,
  SeamlessManual1764800000000,
  CommandRefusals1764900000000,
  DepositCaps1764910000000,
  HeldPayouts1764920000000,
  VipLimits1764950000000,
  OperatorCatalogueLaunch1764960000000,
  VoidApprovals1764970000000,
  TableLeases1764980000000,
  TableResultKeys1764990000000,
  BonusFunds1765000000000,
  TableCatalogueGames1765100000000,
  PlayerBreaks1765200000000,
  FreeBets1765300000000,
  SessionTimeLimit1765400000000,
  TableDealer1765500000000,
  FreeBetWinnings1765600000000,
  WalletProtocol1765700000000,
  ExchangeRates1765710000000,
  FunMode1765720000000,
  TableDealerLanguage1765730000000,
  BetsInPlayShards1765740000000,
];

export function ledgerDataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: LEDGER_ENTITIES,
    migrations: LEDGER_MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    poolSize,
    applicationName: 'bet-ledger',
    // Index lookups cost about what sequential reads do on SSD storage; PostgreSQL's default (4) assumes disks
    // and, while a young table has no statistics yet, makes the planner scan whole tables for a few keys.
    extra: { options: '-c random_page_cost=1.1' },
    // One migration transaction, so a crash mid-migration leaves nothing half-done.
    migrationsTransactionMode: 'all',
  };
}

const MIGRATION_LOCK = 7_140_560_001;

/**
 * Runs pending migrations under an advisory lock, so several ledger instances booting together migrate once.
 */
export async function runLedgerMigrations(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock($1)`, [MIGRATION_LOCK]);
    const done = await ds.runMigrations({ transaction: 'all' });
    return done.map((m) => m.name);
  } finally {
    await runner.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

export async function openLedgerDataSource(url: string, poolSize = 10, migrate = true): Promise<DataSource> {
  const ds = new DataSource(ledgerDataSourceOptions(url, poolSize));
  await ds.initialize();
  if (migrate) await runLedgerMigrations(ds);
  return ds;
}
