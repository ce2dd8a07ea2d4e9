import { bac, baccaratTable, newRound, OP, place } from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { ProcessedEventsPruner } from '../src/messaging/processed-events.pruner';

jest.setTimeout(60_000);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('prune');
  await h.startLedger();
});
afterAll(async () => h?.close());

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
const count = async (where: string) =>
  Number((await h.ds.query(`SELECT count(*) AS n FROM ledger_processed_events WHERE ${where}`))[0].n);

describe('pruning processed-event ids', () => {
  it('deletes ids older than the retention (in chunks) and keeps recent ones, which still stop redeliveries', async () => {
    await deposit(h, OP, 'pat', 10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const recent = place(r, 'pat', 1_000n, bac('banker'));
    expect(codeOf((await decide(h, recent)).get(recent.id))).toBe('ACCEPTED');
    // 12,001 ids from 8 days ago: more than one chunk.
    await h.ds.query(
      `INSERT INTO ledger_processed_events (event_id, processed_at)
       SELECT 'old-' || g, now() - interval '8 days' FROM generate_series(0, 12000) g`,
    );
    const keptBefore = await count(`processed_at > now() - interval '1 day'`);

    const pruner = new ProcessedEventsPruner(h.ds, { retentionHours: 168, everyMs: 60_000 }, quiet);
    expect(await pruner.pruneNow()).toBe(12_001);
    expect(await count(`event_id LIKE 'old-%'`)).toBe(0);
    expect(await count(`processed_at > now() - interval '1 day'`)).toBe(keptBefore);
    expect(await pruner.pruneNow()).toBe(0);

    await h.send(recent);
    await sleep(1_500);
    expect(await balanceOf(h, OP, 'pat')).toBe(9_000n);
    const [{ n }] = await h.ds.query(`SELECT count(*) AS n FROM ledger_bets WHERE command_id = $1`, [
      recent.id,
    ]);
    expect(Number(n)).toBe(1);
  });
});
