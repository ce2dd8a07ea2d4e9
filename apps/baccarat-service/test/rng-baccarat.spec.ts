import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards, verifyCommitment } from '@casino/cards';
import { connectSameIdAtTwoOperators } from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

type Session = {
  stakes: Record<string, string>;
  lastStakes: Record<string, string> | null;
  history: unknown[];
};

describe(`single-player RNG baccarat (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;
  beforeAll(
    async () =>
      (live = await openLiveTable([{ id: 'rng-1', variant: 'rng' }], {
        deposits: { gina: 10_000n, hana: 10_000n },
        extraEnv: { RNG_RECONNECT_DELAY_MS: '1500' },
      })),
  );
  afterAll(() => live?.close());

  it('DEAL, CLEAR, REPEAT, REPEAT & DEAL, a funds rejection, and the session restored after the reconnect delay', async () => {
    const gina = await live.client('gina');
    const joined = await gina.request<{ ok: boolean; snapshot: Session }>('join', { tableId: 'rng-1' });
    expect(joined).toMatchObject({ ok: true, snapshot: { variant: 'rng', stakes: {} } });

    expect(await gina.request('deal', { tableId: 'rng-1' })).toMatchObject({ ok: false, code: 'NO_STAKE' });
    expect(await gina.request('repeat', { tableId: 'rng-1' })).toMatchObject({
      ok: false,
      code: 'NOTHING_TO_REPEAT',
    });
    expect(
      await gina.request('placeBet', { tableId: 'rng-1', type: 'luckySix', stake: '100' }),
    ).toMatchObject({
      ok: false,
      code: 'BET_NOT_OFFERED',
    });
    await gina.request('placeBet', { tableId: 'rng-1', type: 'tie', stake: '300' });
    const cleared = await gina.request<{ session: Session }>('clear', { tableId: 'rng-1' });
    expect(cleared.session.stakes).toEqual({});
    await gina.request('placeBet', { tableId: 'rng-1', type: 'player', stake: '500' });
    const placed = await gina.request<{ session: Session }>('placeBet', {
      tableId: 'rng-1',
      type: 'player',
      stake: '500',
    });
    expect(placed.session.stakes).toEqual({ player: '1000' });

    expect(await gina.request('deal', { tableId: 'rng-1' })).toMatchObject({ ok: true });
    const result = await gina.waitFor('rng:result');
    const outcome = outcomeFromCards(parseCards(result.cards as string[]));
    const shoe = result.shoe as { commitment: never; reveal: { order: string[]; salt: string } };
    expect(verifyCommitment(shoe.commitment, shoe.reveal)).toEqual({ ok: true });
    // The shoe deals P, P, B, B (docs/rules/baccarat.md#rng-baccarat): `drawn` is its front, `cards` the record order the ledger replays.
    expect(shoe.reveal.order.slice(0, (result.cards as string[]).length)).toEqual(result.drawn);
    const settled = await gina.waitFor('round:settled', (p) => p.roundId === result.roundId);
    expect(settled).toMatchObject({ tableId: 'rng-1' });
    expect(settled.totalReturned).toBe(settleBet('player', 1000n, outcome, 'commission').returned.toString());

    // REPEAT & DEAL plays the same stakes again.
    const since = Date.now();
    expect(await gina.request('repeatDeal', { tableId: 'rng-1' })).toMatchObject({ ok: true });
    const second = await gina.waitFor('rng:result', () => true, 10_000, since);
    expect(second.stakes).toEqual({ player: '1000' });
    await gina.waitFor('round:settled', (p) => p.roundId === second.roundId);

    // A stake the balance does not cover is rejected by the ledger and the round is cancelled.
    await gina.request('placeBet', { tableId: 'rng-1', type: 'banker', stake: '900000' });
    const since2 = Date.now();
    await gina.request('deal', { tableId: 'rng-1' });
    expect(await gina.waitFor('bet:rejected', () => true, 10_000, since2)).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await gina.waitFor('rng:voided', () => true, 10_000, since2)).toMatchObject({
      reason: 'cancelled',
    });

    // Disconnect: no reconnect for the configured delay, then the session (layout, history) comes back.
    await gina.request('clear', { tableId: 'rng-1' });
    await gina.request('placeBet', { tableId: 'rng-1', type: 'tie', stake: '200' });
    gina.close();
    await new Promise((r) => setTimeout(r, 200));
    const early = await live.client('gina');
    expect(await early.request('join', { tableId: 'rng-1' })).toMatchObject({
      ok: false,
      code: 'RECONNECT_TOO_SOON',
    });
    await new Promise((r) => setTimeout(r, 1500));
    const back = await early.request<{ ok: boolean; snapshot: Session }>('join', { tableId: 'rng-1' });
    expect(back.ok).toBe(true);
    expect(back.snapshot.stakes).toEqual({ tie: '200' });
    expect(back.snapshot.history).toHaveLength(2);
    expect(back.snapshot.lastStakes).toEqual({ player: '1000' });
  });

  it("keeps the session of a player's other socket when one of two closes (a second tab, a reconnection)", async () => {
    const first = await live.client('hana');
    const second = await live.client('hana');
    for (const socket of [first, second])
      expect(await socket.request('join', { tableId: 'rng-1' })).toMatchObject({ ok: true });
    first.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(
      await second.request('placeBet', { tableId: 'rng-1', type: 'player', stake: '500' }),
    ).toMatchObject({ ok: true });
    expect(await second.request('deal', { tableId: 'rng-1' })).toMatchObject({ ok: true });
    const result = await second.waitFor('rng:result');
    await second.waitFor('round:settled', (p) => p.roundId === result.roundId);
  });

  // Player "42" of operator A and player "42" of operator B: two people, two wallets (a live table's isolation is the
  // game service contract's, test/contract.spec.ts).
  it('isolation between operators: each has their own session, chips and balance', async () => {
    const [a42, b42] = await connectSameIdAtTwoOperators(live.service.url, live.ledger);
    try {
      await a42.request('join', { tableId: 'rng-1' });
      await b42.request('join', { tableId: 'rng-1' });
      await a42.request('placeBet', { tableId: 'rng-1', type: 'player', stake: '300' });
      const bSession = await b42.request<{ session: { stakes: Record<string, string> } }>('placeBet', {
        tableId: 'rng-1',
        type: 'tie',
        stake: '100',
      });
      // B's layout holds B's chips only.
      expect(bSession.session.stakes).toEqual({ tie: '100' });
      const before = await live.ledger.balance('42', 'EUR', 'op-b');
      expect(await a42.request('deal', { tableId: 'rng-1' })).toMatchObject({ ok: true });
      const result = await a42.waitFor('rng:result');
      expect(result.stakes).toEqual({ player: '300' });
      await a42.waitFor('round:settled', (p) => p.tableId === 'rng-1');
      expect(b42.all('rng:result')).toEqual([]);
      expect(await live.ledger.balance('42', 'EUR', 'op-b')).toBe(before);
      // B's chips are still on B's layout; clearing them leaves A's session alone.
      const cleared = await b42.request<{ session: { stakes: object; history: unknown[] } }>('clear', {
        tableId: 'rng-1',
      });
      expect(cleared.session).toMatchObject({ stakes: {}, history: [] });
    } finally {
      a42.close();
      b42.close();
    }
  });
});
