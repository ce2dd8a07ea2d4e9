import { cardToText, seededRandom, shoeFromOrder, standardDecks } from '@casino/cards';
import { makeEvent, mintPlayerToken, prefixedTopics } from '@casino/events';
import { randomUUID } from 'node:crypto';
import { roundLinkKey, signRoundLink } from '../src/operators/round-link';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  asOperator,
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isSettled,
  newRound,
  place,
  playerToken,
  RoundRef,
  rou,
  rouletteResult,
  rouletteTable,
} from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { createHarness, deposit, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';

jest.setTimeout(90_000);

const A = 'hist-a';
const B = 'hist-b';
let h: Harness;
let keyA: IssuedKey;
let keyB: IssuedKey;

// Burn card, then a natural: Player 9S KS (9) against Banker 8S KH (8).
const DEALT = ['9S', '8S', 'KS', 'KH'];
const shoe = (() => {
  const front = ['2C', ...DEALT];
  const rest = [...standardDecks(1)].map(cardToText).filter((c) => !front.includes(c));
  return shoeFromOrder([...front, ...rest], { decks: 1, random: seededRandom('player-history') });
})();
const shoeId = `shoe-${randomUUID().slice(0, 8)}`;

let bacRound: RoundRef;
let rouRound: RoundRef;
let bRound: RoundRef;

type Body = Record<string, unknown>;
async function asPlayer(token: string | undefined, path: string): Promise<{ status: number; body: Body }> {
  const res = await fetch(h.url(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Body };
}
const tokenA = () => playerToken(A, '42');
const tokenB = () => playerToken(B, '42');

async function untilRow(sql: string, params: unknown[], what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await h.ds.query(sql, params)).length === 0) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  h = await createHarness('player_history');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  keyA = await ops.create({ operatorId: A, name: 'A', currencies: ['EUR'] });
  keyB = await ops.create({ operatorId: B, name: 'B', currencies: ['EUR'] });
  await deposit(h, A, '42', 100_000n);
  await deposit(h, B, '42', 100_000n);

  // A's player: a baccarat round from a committed shoe (then revealed), then a roulette round.
  bacRound = newRound('baccarat');
  await h.send(
    makeEvent('RoundOpened', {
      ...bacRound,
      table: baccaratTable(),
      shoe: { shoeId, hash: shoe.commitment().hash },
    }),
  );
  await untilRow(`SELECT 1 FROM ledger_rounds WHERE round_id = $1`, [bacRound.roundId], 'the baccarat round');
  const onPlayer = asOperator(place(bacRound, '42', 1_000n, bac('player')), A);
  const onTie = asOperator(place(bacRound, '42', 100n, bac('tie')), A);
  const decided = await decide(h, onPlayer, onTie);
  expect([...decided.values()].map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED']);
  await h.send(closed(bacRound), baccaratResult(bacRound, ['2C', ...DEALT].slice(1)));
  await h.waitFor(isSettled(bacRound));
  shoe.close();
  await h.send(
    makeEvent('ShoeRevealed', {
      tableId: bacRound.tableId,
      game: 'baccarat',
      shoeId,
      commitment: shoe.commitment(),
      reveal: shoe.reveal(),
      roundsDealt: 1,
    }),
  );
  await untilRow(`SELECT 1 FROM ledger_shoe_reveals WHERE shoe_id = $1`, [shoeId], 'the shoe reveal');

  rouRound = newRound('roulette');
  await openRound(h, rouRound, rouletteTable());
  const red = asOperator(place(rouRound, '42', 500n, rou({ type: 'red' })), A);
  // B's player "42" bets in the same round: A's player must never see it.
  const bBlack = asOperator(place(rouRound, '42', 700n, rou({ type: 'black' })), B);
  expect([...(await decide(h, red, bBlack)).values()].map(codeOf)).toEqual(['ACCEPTED', 'ACCEPTED']);
  await h.send(closed(rouRound), rouletteResult(rouRound, 1));
  await h.waitFor(isSettled(rouRound));

  // B's player alone in a round of their own.
  bRound = newRound('roulette');
  await openRound(h, bRound, rouletteTable());
  expect(
    codeOf(
      (await decide(h, asOperator(place(bRound, '42', 300n, rou({ type: 'odd' })), B))).values().next().value,
    ),
  ).toBe('ACCEPTED');
});
afterAll(async () => h?.close());

describe('GET /player/history and /player/rounds (player token)', () => {
  it('lists the rounds the player bet in, newest first, with stakes, payout and result', async () => {
    const { status, body } = await asPlayer(tokenA(), '/player/history');
    expect(status).toBe(200);
    const items = body.items as Body[];
    expect(items.map((i) => i.roundId)).toEqual([rouRound.roundId, bacRound.roundId]);
    expect(items[0]).toMatchObject({ game: 'roulette', status: 'settled', staked: '500', returned: '1000' });
    expect(items[0].result).toMatchObject({ game: 'roulette', pocket: 1 });
    expect(items[1]).toMatchObject({ game: 'baccarat', staked: '1100', returned: '2000', currency: 'EUR' });
    expect(items[1].result).toEqual({ game: 'baccarat', cards: DEALT });
    expect(body.nextBefore).toBeNull();
  });

  it('filters by game and pages with nextBefore', async () => {
    const bac = await asPlayer(tokenA(), '/player/history?game=baccarat');
    expect((bac.body.items as Body[]).map((i) => i.roundId)).toEqual([bacRound.roundId]);
    const first = await asPlayer(tokenA(), '/player/history?limit=1');
    expect((first.body.items as Body[]).map((i) => i.roundId)).toEqual([rouRound.roundId]);
    expect(typeof first.body.nextBefore).toBe('string');
    const second = await asPlayer(
      tokenA(),
      `/player/history?limit=1&before=${first.body.nextBefore as string}`,
    );
    expect((second.body.items as Body[]).map((i) => i.roundId)).toEqual([bacRound.roundId]);
    expect(second.body.nextBefore).toBeNull();
  });

  it("shows a round's bets, result, payout and the shoe's commitment with its revealed order and salt", async () => {
    const { status, body } = await asPlayer(
      tokenA(),
      `/player/rounds/${bacRound.tableId}/${bacRound.roundId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'settled', staked: '1100', returned: '2000' });
    const bets = body.bets as Body[];
    const byType = bets.map((b) => [(b.bet as Body).type, b.stake, b.status, b.returned]).sort();
    expect(byType).toEqual([
      ['player', '1000', 'settled', '2000'],
      ['tie', '100', 'settled', '0'],
    ]);
    const s = body.shoe as { shoeId: string; hash: string; reveal: Body };
    expect(s).toMatchObject({ shoeId, hash: shoe.commitment().hash });
    expect(s.reveal).toMatchObject({ salt: shoe.reveal().salt, verified: true, roundsDealt: 1 });
    expect((s.reveal.order as string[]).slice(0, 5)).toEqual(['2C', ...DEALT]);
  });

  it("another operator's player with the same id sees nothing of it", async () => {
    const list = await asPlayer(tokenB(), '/player/history');
    expect((list.body.items as Body[]).map((i) => i.roundId)).toEqual([bRound.roundId, rouRound.roundId]);
    const shared = await asPlayer(tokenB(), `/player/rounds/${rouRound.tableId}/${rouRound.roundId}`);
    expect((shared.body.bets as Body[]).map((b) => [b.stake, (b.bet as Body).spec])).toEqual([
      ['700', { type: 'black' }],
    ]);
    expect(shared.body).toMatchObject({ staked: '700', returned: '0' });
    const theirs = await asPlayer(tokenB(), `/player/rounds/${bacRound.tableId}/${bacRound.roundId}`);
    expect(theirs).toMatchObject({ status: 404, body: { code: 'ROUND_NOT_FOUND' } });
    const none = await asPlayer(tokenA(), `/player/rounds/${bRound.tableId}/${bRound.roundId}`);
    expect(none).toMatchObject({ status: 404, body: { code: 'ROUND_NOT_FOUND' } });
  });

  it('refuses a missing, forged or sessionless token and bad parameters with reason codes', async () => {
    expect(await asPlayer(undefined, '/player/history')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    const forged = mintPlayerToken(
      { operatorId: A, playerId: '42', currency: 'EUR', sid: 'x' },
      'another-secret-0123',
    );
    expect(await asPlayer(forged, '/player/history')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
    // Signed with the real key, but naming no launch session the ledger knows.
    const noSession = mintPlayerToken(
      { operatorId: A, playerId: '42', currency: 'EUR', sid: 'never-launched' },
      h.config.PLAYER_TOKEN_SECRET,
    );
    expect(await asPlayer(noSession, '/player/history')).toMatchObject({ status: 401 });
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'game=poker', 'before=nonsense', 'player=43'])
      expect(await asPlayer(tokenA(), `/player/history?${q}`)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REQUEST' },
      });
    expect((await asPlayer(tokenA(), '/player/history')).status).toBe(200);
  });
});

describe('signed round-details links', () => {
  const issue = (key: IssuedKey, playerId: string, r: RoundRef, body: unknown = {}) =>
    signedCall<Body>(
      h.url(''),
      key,
      'POST',
      `/v1/players/${playerId}/rounds/${r.tableId}/${r.roundId}/link`,
      body,
    );

  it("an operator's link opens the same round details without a player token", async () => {
    const link = await issue(keyA, '42', bacRound, { ttlSeconds: 300 });
    expect(link.status).toBe(200);
    expect(String(link.body.url)).toContain('view=round&operator=hist-a&player=42');
    const opened = await asPlayer(undefined, `/round-links?${link.body.query as string}`);
    const direct = await asPlayer(tokenA(), `/player/rounds/${bacRound.tableId}/${bacRound.roundId}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(direct.body);
  });

  it("is issued only for the operator's own player's round", async () => {
    expect(await issue(keyB, '42', bacRound)).toMatchObject({
      status: 404,
      body: { code: 'ROUND_NOT_FOUND' },
    });
    expect(await issue(keyA, '43', bacRound)).toMatchObject({
      status: 404,
      body: { code: 'ROUND_NOT_FOUND' },
    });
    expect(await issue(keyA, '42', bacRound, { ttlSeconds: 999_999 })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
  });

  it('refuses a forged, altered or expired link', async () => {
    const link = await issue(keyA, '42', bacRound);
    const q = new URLSearchParams(link.body.query as string);
    const withParam = (k: string, v: string) => {
      const c = new URLSearchParams(q);
      c.set(k, v);
      return `/round-links?${c.toString()}`;
    };
    const sig = q.get('sig')!;
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expect(await asPlayer(undefined, withParam('sig', flipped))).toMatchObject({
      status: 401,
      body: { code: 'ROUND_LINK_INVALID' },
    });
    // The same link pointed at another operator's player "42", or at another round.
    expect(await asPlayer(undefined, withParam('operator', B))).toMatchObject({
      body: { code: 'ROUND_LINK_INVALID' },
    });
    expect(await asPlayer(undefined, withParam('round', rouRound.roundId))).toMatchObject({
      body: { code: 'ROUND_LINK_INVALID' },
    });
    expect(await asPlayer(undefined, withParam('exp', String(Number(q.get('exp')) + 60)))).toMatchObject({
      body: { code: 'ROUND_LINK_INVALID' },
    });
    // Signed with the ledger's key, but expired a minute ago.
    const exp = Math.floor(Date.now() / 1000) - 60;
    const claims = {
      operatorId: A,
      playerId: '42',
      tableId: bacRound.tableId,
      roundId: bacRound.roundId,
      exp,
    };
    const old = new URLSearchParams({
      operator: A,
      player: '42',
      table: bacRound.tableId,
      round: bacRound.roundId,
      exp: String(exp),
      sig: signRoundLink(claims, roundLinkKey(h.config.LEDGER_SECRETS_KEY)),
    });
    expect(await asPlayer(undefined, `/round-links?${old.toString()}`)).toMatchObject({
      status: 401,
      body: { code: 'ROUND_LINK_EXPIRED' },
    });
    expect(await asPlayer(undefined, withParam('sig', 'zz'))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
  });
});
