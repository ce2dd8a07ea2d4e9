import { PlaceBetsAnswer, SlipBatcher, SlipBetResult, SlipItem } from '@casino/player-protocol';
import { eventually } from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(90_000);

// The default rate limit (BET_RATE_PER_SECOND 10, BET_BURST 20): the slip is what keeps fast chips under it.
const TABLES = [{ id: 'rou-slip', dealer: 'auto', timers: { bettingMs: 8000, spinMs: 100, resultMs: 300 } }];

type Chip = { bet: { type: string; numbers?: number[] }; stake: string };
const straight = (n: number): Chip => ({ bet: { type: 'straight', numbers: [n] }, stake: '100' });

describe('the bet slip (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(
    async () => (live = await openLiveTable(TABLES, { deposits: { sara: 100_000n, flo: 100_000n } })),
  );
  afterAll(() => live?.close());

  it('takes 40 chips placed in 2 s without a refusal for speed; each gets its own decision, a coverage breach its code', async () => {
    const sara = await live.client('sara');
    await sara.request('join', { tableId: 'rou-slip' });
    const opened = await sara.waitFor('round:opened', () => true, 15_000, Date.now());
    const roundId = opened.roundId as string;
    let commands = 0;
    const batcher = new SlipBatcher<Chip>((bets: SlipItem<Chip>[]) => {
      commands++;
      return sara.request<PlaceBetsAnswer>('placeBets', {
        tableId: 'rou-slip',
        roundId,
        intent: 'chips',
        bets,
      });
    });
    // Straights on 1..34 (34 numbers), then 35 (a 35th number: over the 92% coverage), then 1..5 again.
    const numbers = [...Array.from({ length: 34 }, (_, i) => i + 1), 35, 1, 2, 3, 4, 5];
    const results: Promise<SlipBetResult>[] = [];
    for (const n of numbers) {
      results.push(batcher.add(straight(n)));
      await new Promise((r) => setTimeout(r, 50));
    }
    batcher.flush();
    const taken = await Promise.all(results);
    expect(taken.filter((r) => !r.ok)).toEqual([]);
    expect(commands).toBeLessThanOrEqual(15);
    const refs = taken.map((r) => (r.ok ? r.refs[0] : ''));

    // Per-bet feedback, as for single bets: 39 accepted, the 35th number rejected with its code.
    await eventually(() => sara.all('bet:accepted').length + sara.all('bet:rejected').length >= 40, 20_000);
    const rejected = sara.all('bet:rejected');
    expect(rejected).toEqual([expect.objectContaining({ ref: refs[34], code: 'COVERAGE_EXCEEDED' })]);
    expect(new Set(sara.all('bet:accepted').map((p) => p.ref))).toEqual(
      new Set(refs.filter((_, i) => i !== 34)),
    );
    expect(await live.ledger.balance('sara')).toBe(100_000n - 39n * 100n);
  });

  it('still refuses a flood of commands with RATE_LIMITED (the limit counts commands, not chips)', async () => {
    const flo = await live.client('flo');
    await flo.request('join', { tableId: 'rou-slip' });
    const slip = { tableId: 'rou-slip', bets: [{ clientId: 'a', ...straight(7) }] };
    const acks = await Promise.all(
      Array.from({ length: 30 }, () => flo.request<{ ok: boolean; code?: string }>('placeBets', slip)),
    );
    const limited = acks.filter((a) => !a.ok && a.code === 'RATE_LIMITED');
    // The burst (20) passes (taken, or refused by the table's own checks), the rest is refused for speed.
    expect(limited.length).toBeGreaterThanOrEqual(9);
    expect(acks.length - limited.length).toBeLessThanOrEqual(21);
  });

  it('refuses a bet of the slip that does not parse, and a slip over its size, each with a reason code', async () => {
    const flo2 = await live.client('flo');
    await flo2.request('join', { tableId: 'rou-slip' });
    await new Promise((r) => setTimeout(r, 2100)); // the burst refills
    const tooBig = await flo2.request('placeBets', {
      tableId: 'rou-slip',
      bets: Array.from({ length: 101 }, (_, i) => ({ clientId: `c${i}`, ...straight(1) })),
    });
    expect(tooBig).toMatchObject({ ok: false, code: 'INVALID_MESSAGE' });
    const mixed = await flo2.request<PlaceBetsAnswer>('placeBets', {
      tableId: 'rou-slip',
      bets: [
        { clientId: 'bad', bet: { type: 'straight', numbers: [1] }, stake: '-5' },
        { clientId: 'shape', bet: { type: 'split', numbers: [1, 5] }, stake: '100' },
      ],
    });
    expect(mixed.ok).toBe(true);
    if (!mixed.ok) return;
    expect(mixed.results).toEqual([
      expect.objectContaining({ clientId: 'bad', ok: false, code: 'INVALID_MESSAGE' }),
      expect.objectContaining({ clientId: 'shape', ok: false }),
    ]);
  });
});
