import { eventually, PlayerClient } from '@casino/service-testing';
import { settleBet } from '@casino/roulette';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  { id: 'rou-auto', dealer: 'auto', timers: { bettingMs: 2500, spinMs: 100, resultMs: 300 } },
  { id: 'rou-studio', dealer: 'studio', timers: { bettingMs: 1500, resultMs: 200 } },
  { id: 'rou-hold', dealer: 'studio', timers: { bettingMs: 60_000, resultMs: 200 } },
  // Studio wheels of the cancel cases: the test announces the pocket, so what a withdrawn bet would have won is known.
  { id: 'rou-cancel', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 300 } },
  { id: 'rou-cover', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 300 } },
];

type PlaceAck = { ok: boolean; refs: string[]; group?: string; code?: string };
type MyBet = { ref: string; stake: string; betId?: string; group?: string };
type Joined = { snapshot: { round: { roundId: string; myBets: MyBet[] } | null } };

type Snapshot = {
  phase: string;
  wheel: { ready: boolean };
  round: { roundId: string; myBets: unknown[] } | null;
};

describe(`roulette table (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;

  beforeAll(
    async () =>
      (live = await openLiveTable(TABLES, {
        deposits: { hank: 100_000n, ivy: 100_000n, nora: 100_000n, pia: 100_000n },
      })),
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

  // Withdrawing a bet as every game service does (refusals, refund, settlement) is the contract's
  // (test/contract.spec.ts); these are what only roulette does.
  describe('cancelling a bet', () => {
    /** Declares the studio wheel ready and returns the betting round it opens. */
    async function openSpin(player: PlayerClient, tableId: string): Promise<string> {
      await player.request('join', { tableId });
      expect(
        (await dealer(live.service.url, tableId, 'wheel-ready', { declaredBy: 'pitboss-7' })).status,
      ).toBe(200);
      const opened = await player.waitFor('round:opened', (p) => p.tableId === tableId);
      return opened.roundId as string;
    }

    /** Places one basic bet and waits for the ledger to accept it. */
    async function placed(player: PlayerClient, tableId: string, bet: object, stake: string) {
      const ack = await player.request<PlaceAck>('placeBet', { tableId, bet, stake });
      expect(ack).toMatchObject({ ok: true });
      const accepted = await player.waitFor('bet:accepted', (p) => p.ref === ack.refs[0]);
      return { ref: ack.refs[0], betId: accepted.betId as string };
    }

    const myBets = async (player: PlayerClient, tableId: string) =>
      (await player.request<Joined>('join', { tableId })).snapshot.round?.myBets ?? [];

    it('withdraws one chip of an announced bet on its own: the rest of the group stands and is settled', async () => {
      const nora = await live.client('nora');
      const roundId = await openSpin(nora, 'rou-cancel');

      const orphelins = await nora.request<PlaceAck>('placeBet', {
        tableId: 'rou-cancel',
        announced: { type: 'orphelins' },
        unitStake: '100',
      });
      expect(orphelins.ok).toBe(true);
      for (const ref of orphelins.refs) await nora.waitFor('bet:accepted', (p) => p.ref === ref);
      const [chip, ...restOfGroup] = orphelins.refs;
      expect(await nora.request('cancelBet', { tableId: 'rou-cancel', ref: chip })).toMatchObject({
        ok: true,
      });
      const chipCancelled = await nora.waitFor('bet:cancelled', (p) => p.ref === chip);
      expect(chipCancelled.group).toBe(orphelins.group);

      const liveBets = await myBets(nora, 'rou-cancel');
      expect(liveBets.map((b) => b.ref).sort()).toEqual([...restOfGroup].sort());
      expect(liveBets.every((b) => b.group === orphelins.group)).toBe(true);
      const liveStaked = liveBets.reduce((sum, b) => sum + BigInt(b.stake), 0n);
      expect(await live.ledger.balance('nora')).toBe(100_000n - liveStaked);

      // 17 is one of the orphelins: the withdrawn chip is left out of the settlement, the others are settled.
      await nora.waitFor('round:closed', (p) => p.roundId === roundId);
      expect(
        (await dealer(live.service.url, 'rou-cancel', 'pocket', { pocket: 17, revolutions: 5 })).status,
      ).toBe(200);
      const settled = await nora.waitFor('round:settled', (p) => p.roundId === roundId);
      const settledBets = settled.bets as { betId: string; returned: string }[];
      expect(settledBets.map((b) => b.betId).sort()).toEqual(liveBets.map((b) => b.betId).sort());
      expect(settledBets.map((b) => b.betId)).not.toContain(chipCancelled.betId);
      const returned = settledBets.reduce((sum, b) => sum + BigInt(b.returned), 0n);
      expect(settled).toMatchObject({
        totalStaked: liveStaked.toString(),
        totalReturned: returned.toString(),
      });
      expect(await live.ledger.balance('nora')).toBe(100_000n - liveStaked + returned);
    });

    it('frees coverage: at 34 numbers a withdrawn bet makes room for one the 92% rule refused', async () => {
      const pia = await live.client('pia');
      const roundId = await openSpin(pia, 'rou-cover');

      // 1–24, 25–30, 31–33 and 34: 34 of 37 numbers, the most one player may cover.
      await placed(pia, 'rou-cover', { type: 'dozen', dozen: 1 }, '100');
      await placed(pia, 'rou-cover', { type: 'dozen', dozen: 2 }, '100');
      await placed(pia, 'rou-cover', { type: 'sixLine', numbers: [25, 26, 27, 28, 29, 30] }, '100');
      await placed(pia, 'rou-cover', { type: 'street', numbers: [31, 32, 33] }, '100');
      const on34 = await placed(pia, 'rou-cover', { type: 'straight', numbers: [34] }, '100');

      const zero = { type: 'straight', numbers: [0] };
      const refused = await pia.request<PlaceAck>('placeBet', {
        tableId: 'rou-cover',
        bet: zero,
        stake: '100',
      });
      expect(await pia.waitFor('bet:rejected', (p) => p.ref === refused.refs[0])).toMatchObject({
        code: 'COVERAGE_EXCEEDED',
      });
      expect(await live.ledger.balance('pia')).toBe(99_500n);

      expect(await pia.request('cancelBet', { tableId: 'rou-cover', betId: on34.betId })).toMatchObject({
        ok: true,
      });
      await pia.waitFor('bet:cancelled', (p) => p.ref === on34.ref);
      expect(await live.ledger.balance('pia')).toBe(99_600n);

      // 33 numbers now: the straight on 0 fits, and the player is back at 34 — 36 is still refused.
      const onZero = await placed(pia, 'rou-cover', zero, '100');
      const on36 = await pia.request<PlaceAck>('placeBet', {
        tableId: 'rou-cover',
        bet: { type: 'straight', numbers: [36] },
        stake: '100',
      });
      expect(await pia.waitFor('bet:rejected', (p) => p.ref === on36.refs[0])).toMatchObject({
        code: 'COVERAGE_EXCEEDED',
      });
      expect(await live.ledger.balance('pia')).toBe(99_500n);

      // The ball lands on 34, which only the withdrawn straight covered: nothing is won.
      await pia.waitFor('round:closed', (p) => p.roundId === roundId);
      expect(
        (await dealer(live.service.url, 'rou-cover', 'pocket', { pocket: 34, revolutions: 5 })).status,
      ).toBe(200);
      const settled = await pia.waitFor('round:settled', (p) => p.roundId === roundId);
      const settledIds = (settled.bets as { betId: string }[]).map((b) => b.betId);
      expect(settledIds).toHaveLength(5);
      expect(settledIds).toContain(onZero.betId);
      expect(settledIds).not.toContain(on34.betId);
      expect(settled).toMatchObject({ totalStaked: '500', totalReturned: '0' });
      expect(await live.ledger.balance('pia')).toBe(99_500n);
    });
  });
});
