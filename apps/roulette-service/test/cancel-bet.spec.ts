import { PlayerClient } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// Studio wheels: the test announces the pocket, so what a withdrawn bet would have won is known.
const TABLES = [
  { id: 'rou-cancel', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 300 } },
  { id: 'rou-cover', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 300 } },
];

type PlaceAck = { ok: boolean; refs: string[]; group?: string; code?: string };
type MyBet = { ref: string; stake: string; betId?: string; group?: string };
type Joined = { snapshot: { round: { roundId: string; myBets: MyBet[] } | null } };

// Withdrawing a bet as every game service does (refusals, refund, settlement) is the contract's (test/contract.spec.ts).
describe('cancelling a roulette bet (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(
    async () => (live = await openLiveTable(TABLES, { deposits: { nora: 100_000n, pia: 100_000n } })),
  );
  afterAll(() => live?.close());

  /** Declares the studio wheel ready and returns the betting round it opens. */
  async function openSpin(player: PlayerClient, tableId: string): Promise<string> {
    await player.request('join', { tableId });
    expect((await dealer(live.service.url, tableId, 'wheel-ready', { declaredBy: 'pitboss-7' })).status).toBe(
      200,
    );
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
    expect(await nora.request('cancelBet', { tableId: 'rou-cancel', ref: chip })).toMatchObject({ ok: true });
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
    expect(settled).toMatchObject({ totalStaked: liveStaked.toString(), totalReturned: returned.toString() });
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
