import { BetCommand, EventOf, prefixedTopics } from '@casino/events';
import { accountKey, betsInPlayAccount } from '@casino/wallet';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions } from '../../src/database/data-source';
import { registerLedgerEndWriters } from '../../src/messaging/ledger-end-writers';
import { TransactionRunner } from '../../src/transaction/transaction.runner';
import { BetBatchStats } from '../../src/bets/bet-batch';
import { decideBetCommands } from '../../src/use-cases/bet-commands/decide-bet-commands.use-case';
import { isDecisionFor } from './builders';
import { codeOf, sleep } from './flow';
import { Harness } from './ledger-harness';

/**
 * More ledger instances beside the harness's ledger, for the races between two of them (restriction-race.spec.ts,
 * bonus-race.spec.ts): each its own pool on the harness's database, its connections named after it (so
 * pg_stat_activity tells whose a wait is), deciding through its own transaction runner and staking into its own
 * bets-in-play shard (1, 2, …: the harness's ledger has 0), as instances with their own consumer slots do; the
 * harness's ledger publishes every instance's outbox (its relay).
 */
export interface LedgerInstance {
  name: string;
  ds: DataSource;
  runner: TransactionRunner;
}

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Opens one instance per name, in order (those opened are closed again when one fails). */
export async function openInstances(h: Harness, names: string[], poolSize = 1): Promise<LedgerInstance[]> {
  const opened: LedgerInstance[] = [];
  try {
    for (const [i, name] of names.entries()) {
      const options = ledgerDataSourceOptions(h.db.url, poolSize);
      if (options.type !== 'postgres') throw new Error('the ledger runs on PostgreSQL');
      const ds = await new DataSource({ ...options, applicationName: name }).initialize();
      const runner = registerLedgerEndWriters(new TransactionRunner(ds, prefixedTopics(h.prefix), quiet));
      runner.inPlayShard = i + 1;
      opened.push({ name, ds, runner });
    }
  } catch (err) {
    await closeInstances(opened);
    throw err;
  }
  return opened;
}

export async function closeInstances(instances: readonly LedgerInstance[]): Promise<void> {
  for (const i of instances) await i.ds.destroy();
}

/** Decides bet commands in one transaction of the instance's runner, as its bets consumer would. */
export const decideOn = (runner: TransactionRunner, ...commands: BetCommand[]): Promise<BetBatchStats> =>
  runner.run('tx.bets', (ctx) => decideBetCommands(ctx, commands));

/** Holds a row lock on a wallet account from its own connection until released. */
export async function holdAccount(
  h: Harness,
  accountKey: string,
): Promise<{ pid: number; release: () => Promise<void> }> {
  const c = new Client({ connectionString: h.db.url });
  await c.connect();
  await c.query('BEGIN');
  const locked = await c.query(`SELECT id FROM wallet_accounts WHERE key = $1 FOR UPDATE`, [accountKey]);
  if (locked.rowCount !== 1) throw new Error(`no account ${accountKey} to hold`);
  const [{ pid }] = (await c.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows;
  return {
    pid,
    release: async () => {
      await c.query('COMMIT');
      await c.end();
    },
  };
}

/** Waits until a connection named `name` waits for a lock `blocker` holds; returns its backend pid. */
export async function blockedBy(h: Harness, name: string, blocker: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows: { pid: number }[] = await h.ds.query(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND $2 = ANY(pg_blocking_pids(pid))`,
      [name, blocker],
    );
    if (rows.length > 0) return rows[0].pid;
    if (Date.now() > deadline) throw new Error(`${name} never waited for backend ${blocker}`);
    await sleep(10);
  }
}

/** A table's bets-in-play account in one currency, as an instance's bets lock it (its shard). */
export interface InPlayOf {
  operatorId: string;
  tableId: string;
  currency: string;
}

/**
 * The forced interleaving: a third connection holds A's shard of the table's bets-in-play account (which a bet
 * locks right after the player's wallet); instance A decides `first` and waits at the gate, then instance B
 * decides `second` and waits behind A (both waits read from pg_blocking_pids); the gate opens. B's snapshot is
 * older than A's bet. Returns both batches' stats and both decisions' codes, in that order.
 */
export async function forcedRace(
  h: Harness,
  [a, b]: readonly LedgerInstance[],
  table: InPlayOf,
  first: EventOf<'PlaceBet'>,
  second: EventOf<'PlaceBet'>,
): Promise<{ stats: BetBatchStats[]; codes: [string, string] }> {
  const gateAccount = betsInPlayAccount(
    table.operatorId,
    table.tableId,
    table.currency,
    a.runner.inPlayShard,
  );
  const gate = await holdAccount(h, accountKey(gateAccount));
  const decidedA = decideOn(a.runner, first);
  const pidA = await blockedBy(h, a.name, gate.pid);
  const decidedB = decideOn(b.runner, second);
  await blockedBy(h, b.name, pidA);
  await gate.release();
  const stats = await Promise.all([decidedA, decidedB]);
  const found = await h.waitFor(isDecisionFor(new Set([first.id, second.id])), 2);
  const byId = new Map(found.map((d) => [d.commandId, d] as const));
  return { stats, codes: [codeOf(byId.get(first.id)), codeOf(byId.get(second.id))] };
}
