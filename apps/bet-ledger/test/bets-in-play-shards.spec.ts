import { accountKey, betsInPlayAccount } from '@casino/wallet';
import {
  cancel,
  closed,
  isCancelDecisionFor,
  isSettled,
  newRound,
  OP,
  place,
  rou,
  rouletteResult,
  rouletteTable,
} from './support/builders';
import { decide, openRound, sleep } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import {
  blockedBy,
  closeInstances,
  decideOn,
  holdAccount,
  LedgerInstance,
  openInstances,
} from './support/ledger-instances';

/**
 * Issue 44 point 3: each ledger instance stakes into its own shard of a table's bets-in-play account
 * (docs/ledger.md#bets-in-play-shards), so two instances deciding bets of one busy table do not wait on each other;
 * a cancel takes the stake back from the shard it went into, settlement from every shard, and `ledger:verify`
 * checks each shard against its bets.
 */
jest.setTimeout(120_000);

let h: Harness;
let instances: LedgerInstance[] = [];

beforeAll(async () => {
  h = await createHarness('shards');
  await h.startLedger();
  instances = await openInstances(h, ['shard-a', 'shard-b']);
});
afterAll(async () => {
  await closeInstances(instances);
  await h?.close();
});

const inPlayBalances = async (tableId: string): Promise<Record<string, bigint>> => {
  const rows: { key: string; balance: string }[] = await h.ds.query(
    `SELECT key, balance FROM wallet_accounts WHERE kind = 'bets_in_play' AND table_id = $1`,
    [tableId],
  );
  return Object.fromEntries(rows.map((r) => [r.key, BigInt(r.balance)]));
};

describe('bets-in-play shards', () => {
  it("an instance decides a table's bets while another instance's transaction on the table is held", async () => {
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    await deposit(h, OP, 'sa', 10_000n);
    await deposit(h, OP, 'sb', 10_000n);
    const [a, b] = instances;
    // Each instance's shard exists once it has staked a bet at the table.
    await decideOn(a.runner, place(r, 'sa', 100n, rou({ type: 'red' })));
    await decideOn(b.runner, place(r, 'sb', 100n, rou({ type: 'red' })));
    const shardA = accountKey(betsInPlayAccount(OP, r.tableId, r.currency, a.runner.inPlayShard));
    const gate = await holdAccount(h, shardA);
    const decidedA = decideOn(a.runner, place(r, 'sa', 200n, rou({ type: 'red' })));
    await blockedBy(h, a.name, gate.pid);
    // Before shards B waited here behind A for the table's one account.
    const decidedB = decideOn(b.runner, place(r, 'sb', 300n, rou({ type: 'red' })));
    const first = await Promise.race([decidedB, sleep(10_000).then(() => 'still waiting' as const)]);
    await gate.release();
    expect(first).toMatchObject({ accepted: 1 });
    expect((await decidedA).accepted).toBe(1);
    expect(await inPlayBalances(r.tableId)).toEqual({
      [shardA]: 300n,
      [accountKey(betsInPlayAccount(OP, r.tableId, r.currency, b.runner.inPlayShard))]: 400n,
    });
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('a cancel on another instance takes the stake from its shard; settlement empties every shard', async () => {
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    await deposit(h, OP, 'sc', 10_000n);
    const [a, b] = instances;
    const onA = place(r, 'sc', 500n, rou({ type: 'red' }));
    await decideOn(a.runner, onA);
    await decideOn(b.runner, place(r, 'sc', 700n, rou({ type: 'odd' })));
    // The harness's ledger (shard 0) takes one too, through Kafka.
    await decide(h, place(r, 'sc', 900n, rou({ type: 'high' })));
    // A partition moved: B decides the cancel of A's bet.
    const withdraw = cancel(r, 'sc', { betCommandId: onA.id });
    expect(await decideOn(b.runner, withdraw)).toMatchObject({ cancelled: 1 });
    await h.waitFor(isCancelDecisionFor(new Set([withdraw.id])));
    const shard = (s: number) => accountKey(betsInPlayAccount(OP, r.tableId, r.currency, s));
    expect(await inPlayBalances(r.tableId)).toEqual({
      [shard(0)]: 900n,
      [shard(a.runner.inPlayShard)]: 0n,
      [shard(b.runner.inPlayShard)]: 700n,
    });
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
    // 17: black, odd, low: only the odd bet wins (1:1).
    await h.send(closed(r), rouletteResult(r, 17));
    await h.waitFor(isSettled(r));
    expect(Object.values(await inPlayBalances(r.tableId))).toEqual([0n, 0n, 0n]);
    expect(await balanceOf(h, OP, 'sc')).toBe(10_000n - 700n - 900n + 1_400n);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
