import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { eventually } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLE = 'studio-exposed';
const OPEN = 'studio-open';
const TABLES = [
  // A studio table: the test is the dealer. The result pause leaves time to report a card after a round.
  { id: TABLE, variant: 'commission', dealer: 'studio', timers: { bettingMs: 2500, resultMs: 3000 } },
  // A long betting window: a card exposed in it must close it long before its time.
  { id: OPEN, variant: 'commission', dealer: 'studio', timers: { bettingMs: 60_000, resultMs: 1500 } },
];

/** What the ledger pays on these cards: the engine's own settlement. */
const returned = (type: 'player' | 'banker', stake: bigint, cards: string[]): bigint =>
  settleBet(type, stake, outcomeFromCards(parseCards(cards)), 'commission').returned;

describe('baccarat exposed cards through the dealer console (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { gina: 50_000n, hugo: 50_000n } })));
  afterAll(() => live?.close());

  it('deals an exposed card in its place in this round, carries one exposed after the round into the next, and the ledger settles on them', async () => {
    const url = live.service.url;
    const gina = await live.client('gina');
    await gina.request('join', { tableId: TABLE });

    // The console route is guarded and checks its body like the others.
    const anonymous = await fetch(`${url}/dealer/tables/${TABLE}/exposed-card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: 'AS' }),
    });
    expect(anonymous.status).toBe(401);
    expect((await dealer(url, TABLE, 'exposed-card', {})).status).toBe(400);
    expect(await dealer(url, TABLE, 'exposed-card', { card: 'XX' })).toMatchObject({
      status: 409,
      body: { code: 'INVALID_MESSAGE' },
    });

    // Round 1: the dealer drops the fifth card face up on the Banker side; it is the Player's third card.
    expect((await dealer(url, TABLE, 'new-shoe')).status).toBe(200);
    const first = (await gina.waitFor('round:opened')).roundId as string;
    const bet1 = await gina.request('placeBet', { tableId: TABLE, type: 'player', stake: '2000' });
    await gina.waitFor('bet:accepted', (p) => p.ref === bet1.ref);
    await gina.waitFor('round:closed', (p) => p.roundId === first);
    for (const card of ['2S', 'KS', '3S', '7S'])
      expect((await dealer(url, TABLE, 'card', { card })).status).toBe(200);
    expect(await dealer(url, TABLE, 'exposed-card', { card: '4H' })).toMatchObject({
      status: 200,
      body: { ok: true, done: 'exposedCard' },
    });
    expect(await gina.waitFor('table:exposedCard', (p) => p.card === '4H')).toMatchObject({
      roundId: first,
      round: 'this',
      index: 4,
      target: 'player',
      reason: expect.stringMatching(/not burned/),
    });
    expect(await gina.waitFor('round:card', (p) => p.card === '4H')).toMatchObject({
      index: 4,
      target: 'player',
      exposed: true,
    });
    const cards1 = ['2S', 'KS', '3S', '7S', '4H'];
    expect(await gina.waitFor('round:result', (p) => p.roundId === first)).toMatchObject({
      winner: 'player',
      cards: cards1,
      exposed: [4],
    });

    // After the result a card is turned up: not burned, it is the next round's first card (the Player's).
    expect((await dealer(url, TABLE, 'exposed-card', { card: '9C' })).status).toBe(200);
    expect(await gina.waitFor('table:exposedCard', (p) => p.card === '9C')).toMatchObject({
      round: 'next',
      index: 0,
      target: 'player',
    });
    const view = (await fetch(`${url}/tables/${TABLE}`).then((r) => r.json())) as Record<string, unknown>;
    expect(view).toMatchObject({
      phase: 'result',
      exposedCards: [expect.objectContaining({ card: '9C', round: 'next', index: 0 })],
    });
    // The manager cannot end the shoe before that round.
    expect(await dealer(url, TABLE, 'new-shoe')).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });

    const settled1 = await gina.waitFor('round:settled', (p) => p.roundId === first);
    expect(settled1.totalReturned).toBe(returned('player', 2000n, cards1).toString());

    // Round 2 opens with the carried card shown, takes bets as usual, and deals it first.
    const opened2 = await gina.waitFor('round:opened', (p) => p.roundId !== first);
    const second = opened2.roundId as string;
    expect(opened2).toMatchObject({ noBet: false, exposedCards: ['9C'] });
    const bet2 = await gina.request('placeBet', { tableId: TABLE, type: 'banker', stake: '1000' });
    await gina.waitFor('bet:accepted', (p) => p.ref === bet2.ref);
    await gina.waitFor('round:closed', (p) => p.roundId === second);
    expect(await gina.waitFor('round:card', (p) => p.roundId === second && p.index === 0)).toMatchObject({
      card: '9C',
      target: 'player',
      exposed: true,
    });
    for (const card of ['KD', '5S', '2C', '7H', 'AD'])
      expect((await dealer(url, TABLE, 'card', { card })).status).toBe(200);
    // Player 9+5 = 4 draws 7 → 1; Banker 0+2 = 2 draws A → 3: Banker wins, on the carried card's count.
    const cards2 = ['9C', 'KD', '5S', '2C', '7H', 'AD'];
    expect(await gina.waitFor('round:result', (p) => p.roundId === second)).toMatchObject({
      winner: 'banker',
      cards: cards2,
      exposed: [0],
    });
    const settled2 = await gina.waitFor('round:settled', (p) => p.roundId === second);
    expect(settled2.totalReturned).toBe(returned('banker', 1000n, cards2).toString());
    expect(await live.ledger.balance('gina')).toBe(
      50_000n - 3000n + returned('player', 2000n, cards1) + returned('banker', 1000n, cards2),
    );
  });

  it("closes betting at once on a card exposed while it is open (the bet placed stands), or on the manager's noBet voids the round and deals the card in a no-bet round", async () => {
    const url = live.service.url;
    const hugo = await live.client('hugo');
    await hugo.request('join', { tableId: OPEN });
    expect((await dealer(url, OPEN, 'new-shoe')).status).toBe(200);
    const first = (await hugo.waitFor('round:opened', (p) => p.tableId === OPEN)).roundId as string;
    const bet = await hugo.request('placeBet', { tableId: OPEN, type: 'banker', stake: '1000' });
    await hugo.waitFor('bet:accepted', (p) => p.ref === bet.ref);

    // 60 s of betting left: the exposed card closes it now, and is the round's first card.
    const exposedAt = Date.now();
    expect(await dealer(url, OPEN, 'exposed-card', { card: '8D' })).toMatchObject({ status: 200 });
    await hugo.waitFor('round:closed', (p) => p.roundId === first);
    expect(Date.now() - exposedAt).toBeLessThan(5000);
    expect(await hugo.waitFor('table:exposedCard', (p) => p.card === '8D')).toMatchObject({
      roundId: first,
      round: 'this',
      index: 0,
      target: 'player',
    });
    expect(await hugo.waitFor('round:card', (p) => p.roundId === first && p.index === 0)).toMatchObject({
      card: '8D',
      exposed: true,
    });
    // A bet sent with the card in view is refused.
    expect(
      await hugo.request('placeBet', { tableId: OPEN, roundId: first, type: 'player', stake: '1000' }),
    ).toMatchObject({ ok: false });
    for (const card of ['3S', 'KH', '4C'])
      expect((await dealer(url, OPEN, 'card', { card })).status).toBe(200);
    // Player 8+K = 8 (natural), Banker 3+4 = 7: Player wins; the banker bet placed before the card loses.
    const cards1 = ['8D', '3S', 'KH', '4C'];
    expect(await hugo.waitFor('round:result', (p) => p.roundId === first)).toMatchObject({
      winner: 'player',
      cards: cards1,
      exposed: [0],
    });
    const settled = await hugo.waitFor('round:settled', (p) => p.roundId === first);
    expect(settled.totalReturned).toBe(returned('banker', 1000n, cards1).toString());
    expect(await live.ledger.balance('hugo')).toBe(49_000n);

    // The manager's choice instead: the round taking bets is made no-bet; the real ledger refunds the stake.
    const second = (await hugo.waitFor('round:opened', (p) => p.tableId === OPEN && p.roundId !== first))
      .roundId as string;
    const bet2 = await hugo.request('placeBet', { tableId: OPEN, type: 'player', stake: '2000' });
    await hugo.waitFor('bet:accepted', (p) => p.ref === bet2.ref);
    expect(await live.ledger.balance('hugo')).toBe(47_000n);
    expect(await dealer(url, OPEN, 'exposed-card', { card: '2C', noBet: true })).toMatchObject({
      status: 200,
    });
    expect(await hugo.waitFor('table:exposedCard', (p) => p.card === '2C')).toMatchObject({
      round: 'next',
      index: 0,
      noBetRound: true,
    });
    expect(await hugo.waitFor('round:voided', (p) => p.roundId === second)).toMatchObject({
      reason: 'misdeal',
    });
    await eventually(async () => (await live.ledger.balance('hugo')) === 49_000n);
    const noBet = await hugo.waitFor('round:opened', (p) => p.tableId === OPEN && p.noBet === true);
    expect(noBet).toMatchObject({ exposedCards: ['2C'] });
    expect(
      await hugo.waitFor('round:card', (p) => p.roundId === noBet.roundId && p.index === 0),
    ).toMatchObject({
      card: '2C',
      exposed: true,
    });
  });
});
