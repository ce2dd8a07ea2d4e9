import { connectSameIdAtTwoOperators, eventually, PlayerClient } from '@casino/service-testing';
import { playerLabel } from '@casino/table-kit/core';
import { dealer, LiveTable, openLiveTable, scan } from './support/harness';

jest.setTimeout(60_000);

const TIMERS = { bettingMs: 4000, decisionMs: 3000, insuranceMs: 1500, resultMs: 300, finalBetsMs: 5000 };
const TABLES = [
  { id: 'bj-cancel', dealer: 'studio', timers: TIMERS },
  { id: 'bj-void', dealer: 'studio', timers: TIMERS },
  { id: 'bj-iso', dealer: 'studio', timers: { ...TIMERS, bettingMs: 3000, decisionMs: 5000 } },
];

type Ack = { ok: boolean; ref?: string; code?: string };
type MyBet = { ref: string; betId?: string; bet: { seat: number } };
type Joined = { snapshot: { round: { myBets: MyBet[] } | null; balance: string } };
type SeatView = { seat: number; name: string; playerId?: string };
/** Other players see a seat's anonymous label, never the player's id. */
const label = (playerId: string) => playerLabel('bj-cancel', { operatorId: 'op-test', playerId });

// A seat's bet withdrawn, and seats of two operators' players: what only blackjack's seats add to the game service
// contract (test/contract.spec.ts).
describe('blackjack seats (service + Kafka + PostgreSQL + real ledger, studio dealer)', () => {
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

  /** Player "42" of operator A and player "42" of operator B: two people, two wallets, two seats. */
  describe('operator isolation', () => {
    let a42: PlayerClient;
    let b42: PlayerClient;
    beforeAll(async () => {
      [a42, b42] = await connectSameIdAtTwoOperators(live.service.url, live.ledger);
    });
    afterAll(() => {
      a42?.close();
      b42?.close();
    });

    it("neither takes, plays, cancels nor pays for the other's seat", async () => {
      await a42.request('join', { tableId: 'bj-iso' });
      await b42.request('join', { tableId: 'bj-iso' });
      const since = Date.now();
      await dealer(live.service.url, 'bj-iso', 'new-shoe');
      const opened = await a42.waitFor('round:opened', (p) => p.tableId === 'bj-iso', 10_000, since);
      const roundId = opened.roundId as string;

      const aSeat = await a42.request<Ack>('placeBet', { tableId: 'bj-iso', seat: 1, stake: '1000' });
      expect(aSeat).toMatchObject({ ok: true });
      // B's "42" is not A's "42": seat 1 is taken.
      expect(await b42.request('placeBet', { tableId: 'bj-iso', seat: 1, stake: '500' })).toMatchObject({
        ok: false,
        code: 'SEAT_TAKEN',
      });
      const bSeat = await b42.request<Ack>('placeBet', { tableId: 'bj-iso', seat: 2, stake: '500' });
      expect(bSeat).toMatchObject({ ok: true });
      const aAccepted = await a42.waitFor('bet:accepted', (p) => p.ref === aSeat.ref);
      const bAccepted = await b42.waitFor('bet:accepted', (p) => p.ref === bSeat.ref);
      expect(aAccepted.balance).toBe('9000');
      expect(bAccepted.balance).toBe('4500');

      // B cannot withdraw A's seat (by ref or by the ledger's id); each one's snapshot holds their own seat only.
      for (const which of [{ ref: aSeat.ref }, { betId: aAccepted.betId }]) {
        expect(await b42.request('cancelBet', { tableId: 'bj-iso', ...which })).toMatchObject({
          ok: false,
          code: 'BET_NOT_FOUND',
        });
      }
      const aView = await a42.request<Joined>('join', { tableId: 'bj-iso' });
      const bView = await b42.request<Joined>('join', { tableId: 'bj-iso' });
      expect(aView.snapshot.round?.myBets.map((b) => [b.ref, b.bet.seat])).toEqual([[aSeat.ref, 1]]);
      expect(bView.snapshot.round?.myBets.map((b) => [b.ref, b.bet.seat])).toEqual([[bSeat.ref, 2]]);
      expect(aView.snapshot.balance).toBe('9000');
      expect(bView.snapshot.balance).toBe('4500');

      // Seat 1 T-9 = 19, seat 2 T-8 = 18, dealer 7 + 9 = 16 (draws).
      await a42.waitFor('bj:dealing', (p) => p.roundId === roundId);
      await scan(live.service.url, 'bj-iso', ['TS', 'TC', '7C', '9D', '8H', '9H']);

      // A's turn: B's "42" cannot act on A's seat.
      await a42.waitFor('bj:turn', (p) => p.seat === 1);
      for (const action of ['stand', 'hit']) {
        expect(await b42.request('decide', { tableId: 'bj-iso', seat: 1, hand: 0, action })).toMatchObject({
          ok: false,
          code: 'SEAT_NOT_YOURS',
        });
      }
      expect(
        await a42.request('decide', { tableId: 'bj-iso', seat: 1, hand: 0, action: 'stand' }),
      ).toMatchObject({ ok: true });
      // B's turn: nor A's on B's.
      await b42.waitFor('bj:turn', (p) => p.seat === 2);
      expect(
        await a42.request('decide', { tableId: 'bj-iso', seat: 2, hand: 0, action: 'stand' }),
      ).toMatchObject({ ok: false, code: 'SEAT_NOT_YOURS' });
      expect(
        await b42.request('decide', { tableId: 'bj-iso', seat: 2, hand: 0, action: 'stand' }),
      ).toMatchObject({ ok: true });

      // Dealer 16 draws a ten and busts: both win, each in their own wallet.
      await scan(live.service.url, 'bj-iso', ['TD']);
      const aSettled = await a42.waitFor('round:settled', (p) => p.roundId === roundId, 15_000);
      const bSettled = await b42.waitFor('round:settled', (p) => p.roundId === roundId, 15_000);
      expect(aSettled).toMatchObject({ totalStaked: '1000', totalReturned: '2000' });
      expect(bSettled).toMatchObject({ totalStaked: '500', totalReturned: '1000' });
      await eventually(async () => (await live.ledger.balance('42', 'EUR', 'op-a')) === 11_000n);
      await eventually(async () => (await live.ledger.balance('42', 'EUR', 'op-b')) === 5_500n);

      const leaked = (mine: PlayerClient, ref: string) =>
        mine.received.filter((m) => JSON.stringify(m.payload).includes(ref));
      expect(leaked(b42, aSeat.ref!)).toEqual([]);
      expect(leaked(a42, bSeat.ref!)).toEqual([]);
      expect(a42.all('bet:accepted').map((p) => p.ref)).toEqual([aSeat.ref]);
      expect(b42.all('bet:accepted').map((p) => p.ref)).toEqual([bSeat.ref]);
      expect(b42.all('balance').every((p) => p.balance !== '11000')).toBe(true);
      expect(a42.all('balance').every((p) => p.balance !== '5500')).toBe(true);
    });
  });
});
