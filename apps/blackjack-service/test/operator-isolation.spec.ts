import { connectSameIdAtTwoOperators, eventually, PlayerClient } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable, scan } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  {
    id: 'bj-iso',
    dealer: 'studio',
    timers: { bettingMs: 3000, decisionMs: 5000, insuranceMs: 1500, resultMs: 300, finalBetsMs: 5000 },
  },
];

type Ack = { ok: boolean; ref?: string; code?: string };
type Joined = {
  snapshot: { round: { myBets: { ref: string; bet: { seat: number } }[] } | null; balance: string };
};

/** Player "42" of operator A and player "42" of operator B: two people, two wallets, two seats. */
describe('operator isolation at blackjack (service + Kafka + PostgreSQL + real ledger, studio dealer)', () => {
  let live: LiveTable;
  let a42: PlayerClient;
  let b42: PlayerClient;
  beforeAll(async () => {
    live = await openLiveTable(TABLES);
    [a42, b42] = await connectSameIdAtTwoOperators(live.service.url, live.ledger);
  });
  afterAll(async () => {
    a42?.close();
    b42?.close();
    await live?.close();
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
