import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards, verifyCommitment } from '@casino/cards';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  {
    id: 'bac-1',
    variant: 'commission',
    timers: { bettingMs: 2500, cardMs: 20, resultMs: 300 },
  },
  // A shoe that reaches its cut card after a few rounds, to see it finished and revealed.
  {
    id: 'bac-short',
    variant: 'no-commission',
    cutCard: { fromBack: 395 },
    timers: { bettingMs: 150, cardMs: 0, resultMs: 50 },
  },
];

// Join, late bets and what every game service does are the contract's (test/contract.spec.ts).
describe(`baccarat live table (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;

  beforeAll(
    async () => (live = await openLiveTable(TABLES, { deposits: { alice: 100_000n, bob: 100_000n } })),
  );
  afterAll(() => live?.close());

  it('plays a full round with two players: bets, Player+Banker rejected, result, settlement', async () => {
    const alice = await live.client('alice');
    const bob = await live.client('bob');
    const joined = await alice.request<{ ok: boolean; snapshot: Record<string, unknown> }>('join', {
      tableId: 'bac-1',
    });
    expect(joined.ok).toBe(true);
    expect(joined.snapshot).toMatchObject({ tableId: 'bac-1', game: 'baccarat', variant: 'commission' });
    await bob.request('join', { tableId: 'bac-1' });

    // Wait for a fresh window so there is time to bet.
    const since = Date.now();
    const opened = await alice.waitFor('round:opened', (p) => p.noBet === false, 10_000, since);
    const roundId = opened.roundId as string;

    const a1 = await alice.request('placeBet', { tableId: 'bac-1', roundId, type: 'player', stake: '500' });
    expect(a1).toMatchObject({ ok: true, status: 'pending' });
    const b1 = await bob.request('placeBet', { tableId: 'bac-1', type: 'banker', stake: '1000' });
    const b2 = await bob.request('placeBet', { tableId: 'bac-1', type: 'tie', stake: 200 });
    expect([b1, b2]).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    await alice.waitFor('bet:accepted', (p) => p.ref === a1.ref);

    // Player + Banker by one player: the ledger's restriction, relayed with its code.
    const a2 = await alice.request('placeBet', { tableId: 'bac-1', type: 'banker', stake: '500' });
    const rejected = await alice.waitFor('bet:rejected', (p) => p.ref === a2.ref);
    expect(rejected).toMatchObject({ code: 'OPPOSING_BETS', status: 'rejected', roundId });

    // What only the game knows is rejected at once.
    expect(await alice.request('placeBet', { tableId: 'bac-1', type: 'tie', stake: '1' })).toMatchObject({
      ok: false,
      code: 'BELOW_TABLE_MIN',
    });
    expect(await alice.request('placeBet', { tableId: 'bac-1', type: 'dragon', stake: '500' })).toMatchObject(
      {
        ok: false,
        code: 'INVALID_BET',
      },
    );
    expect(await alice.request('placeBet', { tableId: 'bac-1', type: 'tie', stake: '-5' })).toMatchObject({
      ok: false,
      code: 'INVALID_MESSAGE',
    });

    const result = await alice.waitFor('round:result', (p) => p.roundId === roundId);
    const outcome = outcomeFromCards(parseCards(result.cards as string[]));
    expect(result.winner).toBe(outcome.winner);

    const settledA = await alice.waitFor('round:settled', (p) => p.roundId === roundId);
    const settledB = await bob.waitFor('round:settled', (p) => p.roundId === roundId);
    const expectA = settleBet('player', 500n, outcome, 'commission').returned;
    const expectB =
      settleBet('banker', 1000n, outcome, 'commission').returned +
      settleBet('tie', 200n, outcome, 'commission').returned;
    expect(settledA.totalReturned).toBe(expectA.toString());
    expect(settledB.totalReturned).toBe(expectB.toString());
    // A win is credited (and announced with a `balance` message); a loss credits nothing.
    if (expectA > 0n)
      await alice.waitFor('balance', (p) => p.reason === 'settlement' && p.roundId === roundId);
    expect(await live.ledger.balance('alice')).toBe(100_000n - 500n + expectA);
  });

  it("publishes a shoe's commitment before its first round and reveals it after the last", async () => {
    const dave = await live.client('dave');
    const snap = await dave.request<{ snapshot: { shoe: { commitment: { hash: string } } } }>('join', {
      tableId: 'bac-short',
    });
    expect(snap.snapshot.shoe.commitment.hash).toMatch(/^[0-9a-f]{64}$/);
    // Follow a shoe from its start: the one in the snapshot may already be past its last round.
    const fresh = await dave.waitFor('shoe:new', () => true, 20_000);
    const shoeId = fresh.shoeId as string;
    const committed = fresh.commitment as { hash: string };
    await dave.waitFor('shoe:lastRound', (p) => p.shoeId === shoeId, 20_000);
    const revealed = await dave.waitFor('shoe:revealed', (p) => p.shoeId === shoeId, 20_000);
    expect(revealed.commitment).toEqual(committed);
    const reveal = revealed.reveal as { order: string[]; salt: string };
    expect(verifyCommitment(committed as never, reveal)).toEqual({ ok: true });
    // The cards of every round of the shoe are the shoe's order, in sequence after the burn.
    const rest = (await fetch(`${live.service.url}/tables/bac-short/shoes/${shoeId}`).then((r) =>
      r.json(),
    )) as {
      reveal: { order: string[] };
    };
    expect(rest.reveal.order).toEqual(reveal.order);
    // A new shoe with a new commitment follows.
    const next = await dave.waitFor('shoe:new', (p) => p.shoeId !== shoeId, 10_000);
    expect((next.commitment as { hash: string }).hash).not.toBe(committed.hash);
  });
});
