import { connectSameIdAtTwoOperators, eventually, PlayerClient } from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  { id: 'bac-iso', variant: 'commission', timers: { bettingMs: 3000, cardMs: 20, resultMs: 300 } },
  { id: 'rng-iso', variant: 'rng' },
];

type Ack = { ok: boolean; ref?: string; code?: string };

/** Player "42" of operator A and player "42" of operator B: two people, two wallets. */
describe('operator isolation at baccarat (service + Kafka + PostgreSQL + real ledger)', () => {
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

  it("live table: neither sees, cancels or pays for the other's bets", async () => {
    await a42.request('join', { tableId: 'bac-iso' });
    await b42.request('join', { tableId: 'bac-iso' });
    const since = Date.now();
    const opened = await a42.waitFor('round:opened', (p) => p.noBet === false, 10_000, since);
    const roundId = opened.roundId as string;

    // Opposite sides: another operator's "42" on Player is not B's opposing bet.
    const aBet = await a42.request<Ack>('placeBet', {
      tableId: 'bac-iso',
      roundId,
      type: 'player',
      stake: '1000',
    });
    const bBet = await b42.request<Ack>('placeBet', {
      tableId: 'bac-iso',
      roundId,
      type: 'banker',
      stake: '500',
    });
    expect([aBet.ok, bBet.ok]).toEqual([true, true]);
    const aAccepted = await a42
      .waitFor('bet:accepted', (p) => p.ref === aBet.ref)
      .catch((e: Error) => {
        throw new Error(JSON.stringify(a42.all('bet:rejected')) + e.message);
      });
    const bAccepted = await b42
      .waitFor('bet:accepted', (p) => p.ref === bBet.ref)
      .catch((e: Error) => {
        throw new Error(JSON.stringify(b42.all('bet:rejected')) + e.message);
      });
    expect(aAccepted.balance).toBe('9000');
    expect(bAccepted.balance).toBe('4500');

    // B's "42" cannot cancel A's bet (by ref or by the ledger's id): it is not theirs.
    for (const which of [{ ref: aBet.ref }, { betId: aAccepted.betId }]) {
      expect(await b42.request('cancelBet', { tableId: 'bac-iso', ...which })).toMatchObject({
        ok: false,
        code: 'BET_NOT_FOUND',
      });
    }
    // Each one's snapshot shows their own bets only, and their own balance.
    const aView = await a42.request<{ snapshot: { round: { myBets: { ref: string }[] }; balance: string } }>(
      'join',
      { tableId: 'bac-iso' },
    );
    const bView = await b42.request<{ snapshot: { round: { myBets: { ref: string }[] }; balance: string } }>(
      'join',
      { tableId: 'bac-iso' },
    );
    expect(aView.snapshot.round.myBets.map((b) => b.ref)).toEqual([aBet.ref]);
    expect(bView.snapshot.round.myBets.map((b) => b.ref)).toEqual([bBet.ref]);
    expect(aView.snapshot.balance).toBe('9000');
    expect(bView.snapshot.balance).toBe('4500');

    // B withdraws its own bet: only B is refunded and told.
    expect(await b42.request('cancelBet', { tableId: 'bac-iso', ref: bBet.ref })).toMatchObject({ ok: true });
    await b42.waitFor('bet:cancelled', (p) => p.ref === bBet.ref);
    await eventually(async () => (await live.ledger.balance('42', 'EUR', 'op-b')) === 5_000n);
    expect(await live.ledger.balance('42', 'EUR', 'op-a')).toBe(9_000n);

    // A's round settles for A only.
    const settled = await a42.waitFor('round:settled', (p) => p.roundId === roundId, 15_000);
    expect(settled.totalStaked).toBe('1000');
    const leaked = (mine: PlayerClient, theirs: Ack) =>
      mine.received.filter((m) => JSON.stringify(m.payload).includes(theirs.ref!));
    expect(leaked(b42, aBet)).toEqual([]);
    expect(leaked(a42, bBet)).toEqual([]);
    expect(b42.all('round:settled').filter((p) => p.roundId === roundId)).toEqual([]);
    expect(b42.all('balance').every((p) => p.balance !== settled.totalReturned)).toBe(true);
  });

  it('RNG table: each has their own session, chips and balance', async () => {
    await a42.request('join', { tableId: 'rng-iso' });
    await b42.request('join', { tableId: 'rng-iso' });
    await a42.request('placeBet', { tableId: 'rng-iso', type: 'player', stake: '300' });
    const bSession = await b42.request<{ session: { stakes: Record<string, string> } }>('placeBet', {
      tableId: 'rng-iso',
      type: 'tie',
      stake: '100',
    });
    // B's layout holds B's chips only.
    expect(bSession.session.stakes).toEqual({ tie: '100' });
    const before = await live.ledger.balance('42', 'EUR', 'op-b');
    expect(await a42.request('deal', { tableId: 'rng-iso' })).toMatchObject({ ok: true });
    const result = await a42.waitFor('rng:result');
    expect(result.stakes).toEqual({ player: '300' });
    await a42.waitFor('round:settled', (p) => p.tableId === 'rng-iso');
    expect(b42.all('rng:result')).toEqual([]);
    expect(await live.ledger.balance('42', 'EUR', 'op-b')).toBe(before);
    // B's chips are still on B's layout; clearing them leaves A's session alone.
    const cleared = await b42.request<{ session: { stakes: object; history: unknown[] } }>('clear', {
      tableId: 'rng-iso',
    });
    expect(cleared.session).toMatchObject({ stakes: {}, history: [] });
  });
});
