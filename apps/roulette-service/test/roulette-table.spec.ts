import { eventually } from '@casino/service-testing';
import { settleBet } from '@casino/roulette';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  { id: 'rou-auto', dealer: 'auto', timers: { bettingMs: 2500, spinMs: 100, resultMs: 300 } },
  { id: 'rou-studio', dealer: 'studio', timers: { bettingMs: 1500, resultMs: 200 } },
  { id: 'rou-hold', dealer: 'studio', timers: { bettingMs: 60_000, resultMs: 200 } },
];

type Snapshot = {
  phase: string;
  wheel: { ready: boolean };
  round: { roundId: string; myBets: unknown[] } | null;
};

describe(`roulette table (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;

  beforeAll(
    async () => (live = await openLiveTable(TABLES, { deposits: { hank: 100_000n, ivy: 100_000n } })),
  );
  afterAll(() => live?.close());

  it('plays a spin with two players: basic and announced bets, shape and limit checks, coverage, settlement', async () => {
    const hank = await live.client('hank');
    const ivy = await live.client('ivy');
    await hank.request('join', { tableId: 'rou-auto' });
    await ivy.request('join', { tableId: 'rou-auto' });
    const opened = await hank.waitFor('round:opened', () => true, 10_000, Date.now());
    const roundId = opened.roundId as string;

    const straight = await hank.request('placeBet', {
      tableId: 'rou-auto',
      bet: { type: 'straight', numbers: [17] },
      stake: '200',
    });
    const red = await hank.request('placeBet', { tableId: 'rou-auto', bet: { type: 'red' }, stake: '1000' });
    expect([straight, red]).toEqual([
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
    ]);
    // Voisins du zéro: 9 chips over 7 basic bets, one command each, one group.
    const voisins = await ivy.request<{ ok: boolean; refs: string[]; group: string }>('placeBet', {
      tableId: 'rou-auto',
      announced: { type: 'voisinsDuZero' },
      unitStake: '100',
    });
    expect(voisins.ok).toBe(true);
    expect(voisins.refs).toHaveLength(7);

    // Not a shape on the layout / below the minimum / unknown announced bet.
    expect(
      await ivy.request('placeBet', {
        tableId: 'rou-auto',
        bet: { type: 'split', numbers: [1, 5] },
        stake: '100',
      }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_BET',
    });
    expect(
      await ivy.request('placeBet', { tableId: 'rou-auto', bet: { type: 'dozen', dozen: 2 }, stake: '10' }),
    ).toMatchObject({
      ok: false,
      code: 'BELOW_TABLE_MIN',
    });
    expect(
      await ivy.request('placeBet', {
        tableId: 'rou-auto',
        announced: { type: 'bigWheel' },
        unitStake: '100',
      }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_BET',
    });

    // Coverage: red (18) + dozens 1 and 2 cover 1..24 and the reds 25 27 30 32 34 36 = 30 numbers; the third dozen
    // would make 36 > 34, so the ledger rejects it.
    for (const bet of [
      { type: 'dozen', dozen: 1 },
      { type: 'dozen', dozen: 2 },
    ]) {
      const r = await hank.request('placeBet', { tableId: 'rou-auto', bet, stake: '100' });
      await hank.waitFor('bet:accepted', (p) => p.ref === (r.refs as string[])[0]);
    }
    const third = await hank.request('placeBet', {
      tableId: 'rou-auto',
      bet: { type: 'dozen', dozen: 3 },
      stake: '100',
    });
    expect(await hank.waitFor('bet:rejected', (p) => p.ref === (third.refs as string[])[0])).toMatchObject({
      code: 'COVERAGE_EXCEEDED',
    });

    for (const ref of voisins.refs) await ivy.waitFor('bet:accepted', (p) => p.ref === ref);
    const result = await hank.waitFor('round:result', (p) => p.roundId === roundId);
    const pocket = result.pocket as number;
    const expectHank = [
      settleBet({ type: 'straight', numbers: [17] }, 200n, pocket),
      settleBet({ type: 'red' }, 1000n, pocket),
      settleBet({ type: 'dozen', dozen: 1 }, 100n, pocket),
      settleBet({ type: 'dozen', dozen: 2 }, 100n, pocket),
    ].reduce((s, x) => s + x.returned, 0n);
    const settled = await hank.waitFor('round:settled', (p) => p.roundId === roundId);
    expect(settled.totalReturned).toBe(expectHank.toString());
    await ivy.waitFor('round:settled', (p) => p.roundId === roundId);

    // Late bet.
    const closed = await hank.waitFor('round:closed', () => true, 10_000, Date.now());
    expect(
      await hank.request('placeBet', {
        tableId: 'rou-auto',
        roundId: closed.roundId,
        bet: { type: 'odd' },
        stake: '100',
      }),
    ).toMatchObject({ ok: false, code: 'BETTING_CLOSED' });
  });

  it('does not open a studio wheel before it is declared ready; a no-spin is repeated with the same bets', async () => {
    const ivy = await live.client('ivy');
    const snap = await ivy.request<{ snapshot: Snapshot }>('join', { tableId: 'rou-studio' });
    expect(snap.snapshot).toMatchObject({ phase: 'closed', wheel: { ready: false } });
    expect(
      await ivy.request('placeBet', { tableId: 'rou-studio', bet: { type: 'odd' }, stake: '100' }),
    ).toMatchObject({
      ok: false,
      code: 'TABLE_CLOSED',
    });
    expect(
      (await dealer(live.service.url, 'rou-studio', 'wheel-ready', { declaredBy: 'pitboss-7' })).status,
    ).toBe(200);
    const opened = await ivy.waitFor('round:opened', (p) => p.tableId === 'rou-studio');
    const bet = await ivy.request('placeBet', { tableId: 'rou-studio', bet: { type: 'odd' }, stake: '500' });
    await ivy.waitFor('bet:accepted', (p) => p.ref === (bet.refs as string[])[0]);
    await ivy.waitFor('round:closed', (p) => p.roundId === opened.roundId);
    expect(
      (await dealer(live.service.url, 'rou-studio', 'pocket', { pocket: 7, revolutions: 2 })).status,
    ).toBe(200);
    await ivy.waitFor('round:noSpin', (p) => p.roundId === opened.roundId);
    expect(
      (await dealer(live.service.url, 'rou-studio', 'pocket', { pocket: 7, revolutions: 5 })).status,
    ).toBe(200);
    expect(await ivy.waitFor('round:result', (p) => p.roundId === opened.roundId)).toMatchObject({
      pocket: 7,
      colour: 'red',
    });
    const settled = await ivy.waitFor('round:settled', (p) => p.roundId === opened.roundId);
    expect(settled.totalReturned).toBe('1000');
  });

  it('voids and refunds a spin that had not started when the service stopped', async () => {
    const hank = await live.client('hank');
    await hank.request('join', { tableId: 'rou-hold' });
    await dealer(live.service.url, 'rou-hold', 'wheel-ready', { declaredBy: 'pitboss-7' });
    const opened = await hank.waitFor('round:opened', (p) => p.tableId === 'rou-hold');
    const before = await live.ledger.balance('hank');
    const bet = await hank.request('placeBet', { tableId: 'rou-hold', bet: { type: 'black' }, stake: '700' });
    await hank.waitFor('bet:accepted', (p) => p.ref === (bet.refs as string[])[0]);
    await live.restart();
    // The restarted service voids the spin ('not-started') and the ledger refunds the stake.
    await eventually(async () => (await live.ledger.balance('hank')) === before);
    // The declaration survives the restart: the table opens a new spin.
    let table: Snapshot | undefined;
    await eventually(async () => {
      table = (await fetch(`${live.service.url}/tables/rou-hold`).then((r) => r.json())) as Snapshot;
      return table.phase === 'betting';
    });
    expect(table?.wheel.ready).toBe(true);
    expect(table?.round?.roundId).not.toBe(opened.roundId);
  });
});
