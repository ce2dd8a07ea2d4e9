import { PlayerClient } from '@casino/service-testing';
import { playerLabel } from '@casino/table-kit';
import { dealer, LiveTable, openLiveTable, scan } from './support/harness';

jest.setTimeout(60_000);

const TIMERS = { bettingMs: 4000, decisionMs: 3000, insuranceMs: 1500, resultMs: 300, finalBetsMs: 5000 };
const TABLES = [
  { id: 'bj-cancel', dealer: 'studio', timers: TIMERS },
  { id: 'bj-void', dealer: 'studio', timers: TIMERS },
];

type Ack = { ok: boolean; ref?: string; code?: string };
type MyBet = { ref: string; betId?: string; bet: { seat: number } };
type Joined = { snapshot: { round: { myBets: MyBet[] } | null } };
type SeatView = { seat: number; name: string; playerId?: string };
/** Other players see a seat's anonymous label, never the player's id. */
const label = (playerId: string) => playerLabel('bj-cancel', { operatorId: 'op-test', playerId });

describe('cancelling a blackjack main bet (service + Kafka + PostgreSQL + real ledger, studio dealer)', () => {
  let live: LiveTable;

  beforeAll(
    async () =>
      (live = await openLiveTable(TABLES, { deposits: { kim: 10_000n, leo: 10_000n, max: 10_000n } })),
  );
  afterAll(() => live?.close());

  /** Places a main bet on a seat and waits for the ledger to accept it. */
  async function seatBet(player: PlayerClient, tableId: string, seat: number, stake: string) {
    const ack = await player.request<Ack>('placeBet', { tableId, seat, stake });
    expect(ack).toMatchObject({ ok: true });
    const accepted = await player.waitFor('bet:accepted', (p) => p.ref === ack.ref);
    return { ref: ack.ref!, betId: accepted.betId as string };
  }

  const mySeats = async (player: PlayerClient, tableId: string) =>
    ((await player.request<Joined>('join', { tableId })).snapshot.round?.myBets ?? []).map((b) => b.bet.seat);

  /** The seats the table shows everyone before the deal. */
  const tableSeats = async (tableId: string) => {
    const view = (await fetch(`${live.service.url}/tables/${tableId}`).then((r) => r.json())) as {
      round: { seats: SeatView[] };
    };
    return view.round.seats.map((s) => ({ seat: s.seat, name: s.name, playerId: s.playerId }));
  };

  it('withdraws a main bet before the deal: refunded, seat freed for others, not dealt or settled', async () => {
    const kim = await live.client('kim');
    const leo = await live.client('leo');
    await kim.request('join', { tableId: 'bj-cancel' });
    await leo.request('join', { tableId: 'bj-cancel' });
    await dealer(live.service.url, 'bj-cancel', 'new-shoe');
    const opened = await kim.waitFor('round:opened', (p) => p.tableId === 'bj-cancel');
    const roundId = opened.roundId as string;

    const seat2 = await seatBet(kim, 'bj-cancel', 2, '1000');
    expect(await live.ledger.balance('kim')).toBe(9_000n);
    expect(await leo.request('placeBet', { tableId: 'bj-cancel', seat: 2, stake: '1000' })).toMatchObject({
      ok: false,
      code: 'SEAT_TAKEN',
    });
    // Only the seat's holder can withdraw it; a stranger learns nothing about the bet.
    expect(await leo.request('cancelBet', { tableId: 'bj-cancel', ref: seat2.ref })).toMatchObject({
      ok: false,
      code: 'BET_NOT_FOUND',
    });

    const ack = await kim.request('cancelBet', { tableId: 'bj-cancel', roundId, betId: seat2.betId });
    expect(ack).toMatchObject({ ok: true, ref: seat2.ref, roundId, status: 'cancelling' });
    expect(await kim.waitFor('bet:cancelled', (p) => p.ref === seat2.ref)).toMatchObject({
      roundId,
      betId: seat2.betId,
      status: 'cancelled',
      stake: '1000',
      balance: '10000',
    });
    expect(await live.ledger.balance('kim')).toBe(10_000n);
    expect(await kim.request('cancelBet', { tableId: 'bj-cancel', ref: seat2.ref })).toMatchObject({
      ok: false,
      code: 'ALREADY_CANCELLED',
    });
    expect(await mySeats(kim, 'bj-cancel')).toEqual([]);
    expect(await tableSeats('bj-cancel')).toEqual([]);

    // The freed seat is taken by another player (the service and the ledger both let it go).
    const leoSeat2 = await seatBet(leo, 'bj-cancel', 2, '1000');
    const seat4 = await seatBet(kim, 'bj-cancel', 4, '1000');
    // Placed and withdrawn at once: the cancel names the command while the ledger has not decided yet.
    const seat6 = await kim.request<Ack>('placeBet', { tableId: 'bj-cancel', seat: 6, stake: '500' });
    expect(await kim.request('cancelBet', { tableId: 'bj-cancel', ref: seat6.ref })).toMatchObject({
      ok: true,
    });
    await kim.waitFor('bet:cancelled', (p) => p.ref === seat6.ref);
    expect(await mySeats(kim, 'bj-cancel')).toEqual([4]);
    expect(await tableSeats('bj-cancel')).toEqual([
      { seat: 2, name: label('leo') },
      { seat: 4, name: label('kim') },
    ]);
    expect(await live.ledger.balance('kim')).toBe(9_000n);

    // "No more bets": the main bet stands.
    await kim.waitFor('round:closed', (p) => p.roundId === roundId);
    expect(await kim.request('cancelBet', { tableId: 'bj-cancel', ref: seat4.ref })).toMatchObject({
      ok: false,
      code: 'BETTING_CLOSED',
    });
    const dealing = await kim.waitFor('bj:dealing', (p) => p.roundId === roundId);
    expect(
      (dealing.seats as SeatView[]).map((s) => ({ seat: s.seat, name: s.name, playerId: s.playerId })),
    ).toEqual([
      { seat: 2, name: label('leo') },
      { seat: 4, name: label('kim') },
    ]);
    expect(await live.ledger.balance('kim')).toBe(9_000n);

    // Seat 2 T-7 = 17, seat 4 6-5 = 11, dealer 9 up and 8 in the hole (no insurance, no peek).
    await scan(live.service.url, 'bj-cancel', ['TS', '6H', '9C', '7D', '5S', '8S']);
    await leo.waitFor('bj:turn', (p) => p.seat === 2);
    expect(
      await leo.request('decide', { tableId: 'bj-cancel', seat: 2, hand: 0, action: 'stand' }),
    ).toMatchObject({ ok: true });
    await kim.waitFor('bj:turn', (p) => p.seat === 4);
    const double = await kim.request<Ack>('decide', {
      tableId: 'bj-cancel',
      seat: 4,
      hand: 0,
      action: 'double',
    });
    await kim.waitFor('bet:accepted', (p) => p.ref === double.ref);
    // A stake added during play cannot be withdrawn either.
    expect(await kim.request('cancelBet', { tableId: 'bj-cancel', ref: double.ref })).toMatchObject({
      ok: false,
      code: 'BETTING_CLOSED',
    });
    await scan(live.service.url, 'bj-cancel', ['TD']);

    // Dealer 9-8 = 17 stands. Seat 2: 17 pushes; seat 4: doubled 21 wins 2000 on 2000.
    const result = await kim.waitFor('bj:result', (p) => p.roundId === roundId);
    expect(result.dealer).toEqual({ cards: ['9C', '8S'], total: 17 });
    const settled = await kim.waitFor('round:settled', (p) => p.roundId === roundId);
    expect(settled).toMatchObject({ totalStaked: '2000', totalReturned: '4000' });
    const settledIds = (settled.bets as { betId: string }[]).map((b) => b.betId);
    expect(settledIds).toContain(seat4.betId);
    expect(settledIds).not.toContain(seat2.betId);
    const leoSettled = await leo.waitFor('round:settled', (p) => p.roundId === roundId);
    expect(leoSettled).toMatchObject({ totalStaked: '1000', totalReturned: '1000' });
    expect((leoSettled.bets as { betId: string }[]).map((b) => b.betId)).toEqual([leoSeat2.betId]);
    expect(await live.ledger.balance('kim')).toBe(12_000n);
    expect(await live.ledger.balance('leo')).toBe(10_000n);
  });

  it('does not deal a round whose only seat was withdrawn: it is voided and the stake refunded once', async () => {
    const max = await live.client('max');
    await max.request('join', { tableId: 'bj-void' });
    await dealer(live.service.url, 'bj-void', 'new-shoe');
    const opened = await max.waitFor('round:opened', (p) => p.tableId === 'bj-void');
    const roundId = opened.roundId as string;

    const seat1 = await seatBet(max, 'bj-void', 1, '2500');
    expect(await live.ledger.balance('max')).toBe(7_500n);
    expect(await max.request('cancelBet', { tableId: 'bj-void', ref: seat1.ref })).toMatchObject({
      ok: true,
    });
    await max.waitFor('bet:cancelled', (p) => p.ref === seat1.ref);
    expect(await live.ledger.balance('max')).toBe(10_000n);

    await max.waitFor('round:closed', (p) => p.roundId === roundId);
    expect(await max.waitFor('round:voided', (p) => p.roundId === roundId)).toMatchObject({
      reason: 'cancelled',
    });
    // The table moves on to the next round; nothing was dealt, settled or refunded again for the voided one.
    await max.waitFor('round:opened', (p) => p.tableId === 'bj-void' && p.roundId !== roundId);
    for (const name of ['bj:dealing', 'round:settled', 'round:refunded']) {
      expect(max.all(name).filter((p) => p.roundId === roundId)).toEqual([]);
    }
    expect(await live.ledger.balance('max')).toBe(10_000n);
  });
});
