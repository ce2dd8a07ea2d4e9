import { connectSameIdAtTwoOperators, eventually, PlayerClient } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [{ id: 'rou-iso', dealer: 'studio', timers: { bettingMs: 3000, resultMs: 300 } }];

type PlaceAck = { ok: boolean; refs: string[]; code?: string };
type Joined = { snapshot: { round: { myBets: { ref: string }[] } | null; balance: string } };

/** Player "42" of operator A and player "42" of operator B: two people, two wallets. */
describe('operator isolation at roulette (service + Kafka + PostgreSQL + real ledger)', () => {
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

  it("neither sees, cancels or pays for the other's bets", async () => {
    await a42.request('join', { tableId: 'rou-iso' });
    await b42.request('join', { tableId: 'rou-iso' });
    const since = Date.now();
    expect((await dealer(live.service.url, 'rou-iso', 'wheel-ready', { declaredBy: 'pit' })).status).toBe(
      200,
    );
    const opened = await a42.waitFor('round:opened', (p) => p.tableId === 'rou-iso', 10_000, since);
    const roundId = opened.roundId as string;

    const aBet = await a42.request<PlaceAck>('placeBet', {
      tableId: 'rou-iso',
      bet: { type: 'red' },
      stake: '1000',
    });
    const bBet = await b42.request<PlaceAck>('placeBet', {
      tableId: 'rou-iso',
      bet: { type: 'black' },
      stake: '500',
    });
    expect([aBet.ok, bBet.ok]).toEqual([true, true]);
    const aRef = aBet.refs[0];
    const bRef = bBet.refs[0];
    const aAccepted = await a42.waitFor('bet:accepted', (p) => p.ref === aRef);
    const bAccepted = await b42.waitFor('bet:accepted', (p) => p.ref === bRef);
    expect(aAccepted.balance).toBe('9000');
    expect(bAccepted.balance).toBe('4500');

    // B's "42" cannot cancel A's bet (by ref or by the ledger's id): it is not theirs.
    for (const which of [{ ref: aRef }, { betId: aAccepted.betId }]) {
      expect(await b42.request('cancelBet', { tableId: 'rou-iso', ...which })).toMatchObject({
        ok: false,
        code: 'BET_NOT_FOUND',
      });
    }
    // Each one's snapshot shows their own bets only, and their own balance.
    const aView = await a42.request<Joined>('join', { tableId: 'rou-iso' });
    const bView = await b42.request<Joined>('join', { tableId: 'rou-iso' });
    expect(aView.snapshot.round?.myBets.map((b) => b.ref)).toEqual([aRef]);
    expect(bView.snapshot.round?.myBets.map((b) => b.ref)).toEqual([bRef]);
    expect(aView.snapshot.balance).toBe('9000');
    expect(bView.snapshot.balance).toBe('4500');

    // B withdraws its own bet: only B is refunded and told.
    expect(await b42.request('cancelBet', { tableId: 'rou-iso', ref: bRef })).toMatchObject({ ok: true });
    await b42.waitFor('bet:cancelled', (p) => p.ref === bRef);
    await eventually(async () => (await live.ledger.balance('42', 'EUR', 'op-b')) === 5_000n);
    expect(await live.ledger.balance('42', 'EUR', 'op-a')).toBe(9_000n);
    expect(a42.all('bet:cancelled')).toEqual([]);

    // 7 is red: A's bet wins, for A only.
    await a42.waitFor('round:closed', (p) => p.roundId === roundId);
    expect((await dealer(live.service.url, 'rou-iso', 'pocket', { pocket: 7, revolutions: 5 })).status).toBe(
      200,
    );
    const settled = await a42.waitFor('round:settled', (p) => p.roundId === roundId, 15_000);
    expect(settled).toMatchObject({ totalStaked: '1000', totalReturned: '2000' });
    await eventually(async () => (await live.ledger.balance('42', 'EUR', 'op-a')) === 11_000n);
    expect(await live.ledger.balance('42', 'EUR', 'op-b')).toBe(5_000n);

    const leaked = (mine: PlayerClient, ref: string) =>
      mine.received.filter((m) => JSON.stringify(m.payload).includes(ref));
    expect(leaked(b42, aRef)).toEqual([]);
    expect(leaked(a42, bRef)).toEqual([]);
    expect(b42.all('round:settled').filter((p) => p.roundId === roundId)).toEqual([]);
    expect(b42.all('balance').every((p) => p.balance !== '11000')).toBe(true);
    expect(b42.all('bet:accepted').map((p) => p.ref)).toEqual([bRef]);
  });
});
