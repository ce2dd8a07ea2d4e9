import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards, verifyCommitment } from '@casino/cards';
import { dealer, LiveTable, openLiveTable } from './support/harness';

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
  // A studio table: cards come from the dealer console, so the test decides when a round has started.
  { id: 'studio-1', variant: 'commission', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 200 } },
];

type Snapshot = {
  phase: string;
  round: { roundId: string; cards: string[]; myBets: { ref: string; status: string }[] } | null;
  balance?: string;
};

// Join, late bets and what every game service does are the contract's (test/contract.spec.ts).
describe(`baccarat live table, studio dealer, reconnect and restart (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;

  beforeAll(
    async () =>
      (live = await openLiveTable(TABLES, { deposits: { alice: 100_000n, bob: 100_000n, erin: 50_000n } })),
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

  // Last: it restarts the service.
  it('deals scanned cards, rescans a misread one, restores a reconnecting player and completes a started round across a restart', async () => {
    const erin = await live.client('erin');
    const joined = await erin.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(joined.snapshot.phase).toBe('waiting-shoe');
    // The console is authenticated.
    const anonymous = await fetch(`${live.service.url}/dealer/tables/studio-1/new-shoe`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await dealer(live.service.url, 'studio-1', 'new-shoe')).status).toBe(200);
    const opened = await erin.waitFor('round:opened', (p) => p.tableId === 'studio-1');
    const roundId = opened.roundId as string;
    const bet = await erin.request('placeBet', { tableId: 'studio-1', type: 'banker', stake: '2000' });
    await erin.waitFor('bet:accepted', (p) => p.ref === bet.ref);
    await erin.waitFor('round:closed', (p) => p.roundId === roundId);

    // A card too early is refused; an unreadable scan asks for a rescan; a misread card is retracted.
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: 'XX' })).body).toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    await erin.waitFor('round:rescan', (p) => p.roundId === roundId);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '9H' })).status).toBe(200);
    expect((await dealer(live.service.url, 'studio-1', 'rescan')).status).toBe(200);
    await erin.waitFor('round:cardRetracted', (p) => p.index === 0);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '2S' })).status).toBe(200);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '3D' })).status).toBe(200);

    // Disconnect and reconnect: the snapshot brings back the round, the cards so far and her bet.
    erin.close();
    const erin2 = await live.client('erin');
    const back = await erin2.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(back.snapshot.round?.roundId).toBe(roundId);
    expect(back.snapshot.round?.cards).toEqual(['2S', '3D']);
    expect(back.snapshot.round?.myBets).toEqual([
      expect.objectContaining({ ref: bet.ref, status: 'accepted' }),
    ]);
    expect(back.snapshot.balance).toBe('48000');

    // The service stops mid-round and comes back: the started round is completed, not voided.
    await live.restart();
    const erin3 = await live.client('erin');
    const resumed = await erin3.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(resumed.snapshot.phase).toBe('dealing');
    expect(resumed.snapshot.round?.cards).toEqual(['2S', '3D']);
    // P 2+4=6 stands, B 3+5=8 natural: Banker wins with a two-card natural.
    for (const card of ['4C', '5H'])
      expect((await dealer(live.service.url, 'studio-1', 'card', { card })).status).toBe(200);
    const result = await erin3.waitFor('round:result', (p) => p.roundId === roundId);
    expect(result).toMatchObject({ winner: 'banker', cards: ['2S', '3D', '4C', '5H'] });
    const settled = await erin3.waitFor('round:settled', (p) => p.roundId === roundId);
    const expected = settleBet(
      'banker',
      2000n,
      outcomeFromCards(parseCards(['2S', '3D', '4C', '5H'])),
      'commission',
    );
    expect(settled.totalReturned).toBe(expected.returned.toString());
    expect(await live.ledger.balance('erin')).toBe(48_000n + expected.returned);
  });
});
