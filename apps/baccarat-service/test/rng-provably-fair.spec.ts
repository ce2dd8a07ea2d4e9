import { outcomeFromCards, settleBet, verifyFairRound } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { createHash } from 'node:crypto';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(90_000);

const TABLE = 'rng-pf';
const IDLE_MINUTES = 0.25; // 15 s
const IDLE_WARNING_MS = 5_000;

type Fairness = { scheme: string; serverSeedHash: string; clientSeed: string; nonce: number };
type Revealed = Fairness & { serverSeed: string };
type Joined = { ok: boolean; snapshot: { fairness: Fairness; stakes: Record<string, string> } };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('RNG baccarat, provably fair and idle sessions (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;
  beforeAll(
    async () =>
      (live = await openLiveTable([{ id: TABLE, variant: 'rng' }], {
        deposits: { ana: 10_000n, ivo: 10_000n },
        extraEnv: {
          RNG_IDLE_MINUTES: String(IDLE_MINUTES),
          RNG_IDLE_WARNING_MS: String(IDLE_WARNING_MS),
          RNG_RECONNECT_DELAY_MS: '30000',
        },
      })),
  );
  afterAll(() => live?.close());

  it('commits before the bets, takes the client seed, reveals after the round, and the round recomputes', async () => {
    const ana = await live.client('ana');
    const joined = await ana.request<Joined>('join', { tableId: TABLE });
    const first = joined.snapshot.fairness;
    expect(first).toEqual({
      scheme: 'hmac-sha256-fisher-yates/v1',
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.stringMatching(/^[0-9a-f]{16}$/),
      nonce: 1,
    });

    for (const bad of ['bad seed!', 'a:b', 'x'.repeat(65), '']) {
      expect(await ana.request('setClientSeed', { tableId: TABLE, clientSeed: bad })).toMatchObject({
        ok: false,
        code: 'INVALID_MESSAGE',
      });
    }
    const set = await ana.request<{ ok: boolean; session: { fairness: Fairness } }>('setClientSeed', {
      tableId: TABLE,
      clientSeed: 'ana-seed-1',
    });
    expect(set.session.fairness).toEqual({ ...first, clientSeed: 'ana-seed-1' });

    await ana.request('placeBet', { tableId: TABLE, type: 'banker', stake: '700' });
    // The seeds are fixed once DEAL is pressed: a client seed sent right behind it is refused.
    const [dealt, late] = await Promise.all([
      ana.request('deal', { tableId: TABLE }),
      ana.request('setClientSeed', { tableId: TABLE, clientSeed: 'too-late' }),
    ]);
    expect(dealt).toMatchObject({ ok: true, session: { status: 'deciding' } });
    expect(late).toMatchObject({ ok: false, code: 'SESSION_BUSY' });

    const result = await ana.waitFor('rng:result');
    const revealed = result.fairness as Revealed;
    expect(revealed).toMatchObject({ ...first, clientSeed: 'ana-seed-1', nonce: 1 });
    expect(sha256(revealed.serverSeed)).toBe(first.serverSeedHash);
    // The server seed was never sent before the reveal.
    const resultIndex = ana.received.findIndex((m) => m.name === 'rng:result');
    for (const m of ana.received.slice(0, resultIndex)) {
      expect(JSON.stringify(m.payload)).not.toContain(revealed.serverSeed);
    }

    // The player recomputes the round from the revealed seeds (what `npm run verify -- rng-round` prints).
    const check = verifyFairRound({ ...revealed, commitment: first.serverSeedHash });
    expect(check.commitmentMatches).toBe(true);
    expect(result).toMatchObject({
      cards: check.cards,
      drawn: check.drawn,
      playerCards: check.playerCards,
      bankerCards: check.bankerCards,
      winner: check.winner,
      playerTotal: check.playerTotal,
      bankerTotal: check.bankerTotal,
      shoe: { commitment: { hash: check.shoe.commitment.hash } },
    });
    // The ledger settled the same cards.
    const settled = await ana.waitFor('round:settled', (p) => p.roundId === result.roundId);
    const outcome = outcomeFromCards(parseCards(check.cards));
    expect(settled.totalReturned).toBe(settleBet('banker', 700n, outcome, 'commission').returned.toString());

    // The next round's commitment: a new server seed, nonce 2, the same client seed.
    const next = (await ana.waitFor('rng:commitment')) as unknown as Fairness & { tableId: string };
    expect(next).toMatchObject({ tableId: TABLE, clientSeed: 'ana-seed-1', nonce: 2 });
    expect(next.serverSeedHash).not.toBe(first.serverSeedHash);

    const since = Date.now();
    expect(await ana.request('repeatDeal', { tableId: TABLE })).toMatchObject({ ok: true });
    const second = await ana.waitFor('rng:result', () => true, 10_000, since);
    const revealed2 = second.fairness as Revealed;
    expect(revealed2).toMatchObject({ nonce: 2, clientSeed: 'ana-seed-1' });
    const check2 = verifyFairRound({ ...revealed2, commitment: next.serverSeedHash });
    expect(check2.commitmentMatches).toBe(true);
    expect(second.cards).toEqual(check2.cards);
    await ana.waitFor('round:settled', (p) => p.roundId === second.roundId);

    // The history keeps each round's seeds for a later check.
    const history = (
      await ana.request<{ session: { history: { fairness: Revealed }[] } }>('clear', { tableId: TABLE })
    ).session.history;
    expect(history.map((h) => h.fairness.nonce)).toEqual([1, 2]);
    expect(history[1].fairness.serverSeed).toBe(revealed2.serverSeed);
  });

  it('warns an idle player, closes the socket saying why, and restores the session on the next join', async () => {
    const ivo = await live.client('ivo');
    const joined = await ivo.request<Joined>('join', { tableId: TABLE });
    await ivo.request('placeBet', { tableId: TABLE, type: 'tie', stake: '300' });
    const joinedAt = Date.now();
    const disconnected = new Promise<string>((resolve) => ivo.socket.once('disconnect', resolve));

    const warning = await ivo.waitFor('rng:idleWarning', () => true, 20_000);
    expect(warning).toMatchObject({ tableId: TABLE, idleMinutes: IDLE_MINUTES });
    expect(warning.inMs).toBeGreaterThan(IDLE_WARNING_MS - 1_000);
    expect(warning.inMs).toBeLessThanOrEqual(IDLE_WARNING_MS);
    const closed = await ivo.waitFor('rng:sessionClosed', () => true, 20_000);
    expect(closed).toMatchObject({ tableId: TABLE, reason: 'idle', idleMinutes: IDLE_MINUTES });
    expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(IDLE_MINUTES * 60_000 - 1_000);
    expect(await disconnected).toBe('io server disconnect');

    // A new connection may join at once (an idle close is not a dropped connection) and finds its chips.
    const back = await live.client('ivo');
    const rejoined = await back.request<Joined>('join', { tableId: TABLE });
    expect(rejoined).toMatchObject({ ok: true, snapshot: { stakes: { tie: '300' } } });
    expect(rejoined.snapshot.fairness).toEqual(joined.snapshot.fairness);
  });
});
