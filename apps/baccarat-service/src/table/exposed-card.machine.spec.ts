import { outcomeFromCards } from '@casino/baccarat';
import { cardToText, parseCards, seededRandom } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { roundBookJoined, TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState, DealerCommand } from './baccarat-table.state';
import { tableView } from './table-view';

type Effects = TableEffect<BaccaratInput>[];

function machine(table: object = {}) {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([
      { id: 't1', variant: 'commission', dealer: 'studio', timers: { bettingMs: 10, resultMs: 0 }, ...table },
    ]),
  });
  return new BaccaratTableMachine(config.tables[0], seededRandom('exposed'), new ManualClock(1_000_000));
}

const published = (effects: Effects): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));
const broadcasts = (effects: Effects, name: string): Record<string, unknown>[] =>
  effects.flatMap((e) =>
    e.kind === 'broadcast' && e.name === name ? [e.payload as Record<string, unknown>] : [],
  );

/** Drives a studio table: dealer commands, timers, and every effect along the way. */
function studio(table: object = {}) {
  const m = machine(table);
  let state: BaccaratTableState = m.initial().state;
  let effects: Effects = [];
  const run = (input: BaccaratInput) => {
    const r = m.step(state, input);
    state = r.state;
    effects.push(...r.effects);
    return r.reply;
  };
  const api = {
    m,
    get state() {
      return state;
    },
    set state(s: BaccaratTableState) {
      state = s;
    },
    /** The effects since the last call, then forgets them. */
    take(): Effects {
      const out = effects;
      effects = [];
      return out;
    },
    dealer: (command: DealerCommand) => run({ kind: 'dealer', command }),
    expose: (card: string) => run({ kind: 'dealer', command: { kind: 'exposedCard', card } }),
    scan(...cards: string[]) {
      for (const card of cards)
        expect(run({ kind: 'dealer', command: { kind: 'card', card } })).toMatchObject({ ok: true });
    },
    timer: (timer: 'close' | 'card' | 'next') => run({ kind: 'timer', timer }),
    view: () =>
      tableView(state, m.config) as Record<string, unknown> & { round: Record<string, unknown> | null },
  };
  return api;
}

/** A studio table with its shoe loaded and the first round's betting closed (dealing). */
function dealingTable(table: object = {}) {
  const t = studio(table);
  expect(t.dealer({ kind: 'newShoe' })).toMatchObject({ ok: true });
  t.timer('close');
  expect(t.state.phase).toBe('dealing');
  t.take();
  return t;
}

describe('baccarat table: exposed cards (docs/rules/baccarat.md#exposed-cards)', () => {
  it('a card exposed while the round needs one is dealt now, in its place, on the side its position says', () => {
    const t = dealingTable();
    // Player 2+3 = 5 must draw: the card dropped face up is the Player's third card, wherever it landed.
    t.scan('2S', 'KS', '3S', '7S');
    t.take();
    expect(t.expose('4H')).toEqual({ ok: true, done: 'exposedCard' });
    const fx = t.take();
    expect(broadcasts(fx, 'table:exposedCard')).toEqual([
      expect.objectContaining({
        card: '4H',
        round: 'this',
        index: 4,
        target: 'player',
        roundId: t.state.round!.roundId,
      }),
    ]);
    expect(broadcasts(fx, 'round:card')).toEqual([
      expect.objectContaining({ card: '4H', index: 4, target: 'player', exposed: true }),
    ]);
    // Player 9, Banker 7 stands: the round is complete with the exposed card in its sequence.
    expect(t.state.phase).toBe('result');
    const [result] = published(fx);
    expect(result).toMatchObject({ type: 'RoundResult', result: { cards: ['2S', 'KS', '3S', '7S', '4H'] } });
    expect(broadcasts(fx, 'round:result')[0]).toMatchObject({ exposed: [4], winner: 'player' });
    expect(t.view().round).toMatchObject({ exposed: [4] });
  });

  it('a card exposed after a complete round is carried: the next round deals it first, to the Player, and takes bets as usual', () => {
    const t = dealingTable();
    t.scan('4S', '2H', '4D', '3H'); // P 8 natural: the round is complete with four cards
    expect(t.state.phase).toBe('result');
    const first = t.state.round!.roundId;
    t.take();
    // The dealer turns up a fifth card after the natural: not burned, the next round's first card.
    expect(t.expose('9C')).toEqual({ ok: true, done: 'exposedCard' });
    expect(broadcasts(t.take(), 'table:exposedCard')).toEqual([
      expect.objectContaining({ card: '9C', round: 'next', index: 0, target: 'player', roundId: undefined }),
    ]);
    expect(t.state.round!.cards.map(cardToText)).toEqual(['4S', '2H', '4D', '3H']);
    expect(t.view().exposedCards).toEqual([
      expect.objectContaining({
        card: '9C',
        round: 'next',
        index: 0,
        target: 'player',
        reason: expect.any(String),
      }),
    ]);
    // A second card turned up with it follows it: the next round's first Banker card.
    t.expose('KD');
    expect(t.state.exposed?.map(cardToText)).toEqual(['9C', 'KD']);

    t.timer('next');
    const opened = t.take();
    expect(published(opened)[0]).toMatchObject({ type: 'RoundOpened' });
    expect(broadcasts(opened, 'round:opened')[0]).toMatchObject({ noBet: false, exposedCards: ['9C', 'KD'] });
    expect(t.state.round!.roundId).not.toBe(first);
    expect(t.view().exposedCards).toEqual([
      expect.objectContaining({ card: '9C', round: 'this', index: 0, target: 'player' }),
      expect.objectContaining({ card: 'KD', round: 'this', index: 1, target: 'banker' }),
    ]);

    // "No more bets": the carried cards are dealt at once, then the scanner continues.
    t.timer('close');
    const deal = t.take();
    expect(broadcasts(deal, 'round:card')).toEqual([
      expect.objectContaining({ index: 0, card: '9C', target: 'player', exposed: true }),
      expect.objectContaining({ index: 1, card: 'KD', target: 'banker', exposed: true }),
    ]);
    expect(t.state.exposed).toBeUndefined();
    t.scan('5S', '2C', '7H', 'AD');
    const result = published(t.take()).find((e) => e.type === 'RoundResult');
    const cards = ['9C', 'KD', '5S', '2C', '7H', 'AD'];
    expect(result).toMatchObject({ result: { cards } });
    expect(() => outcomeFromCards(parseCards(cards))).not.toThrow();
    expect(t.view().round).toMatchObject({ exposed: [0, 1] });
  });

  it('a card exposed while bets are open closes betting at once: "no more bets" first, then the card, dealt first', () => {
    const t = studio();
    t.dealer({ kind: 'newShoe' });
    expect(t.state.phase).toBe('betting');
    const roundId = t.state.round!.roundId;
    t.take();
    expect(t.expose('QH')).toMatchObject({ ok: true });
    const fx = t.take();
    expect(t.state.phase).toBe('dealing');
    // The ledger is told before any player sees the card; the betting timer is dropped.
    expect(
      fx.map((e) => (e.kind === 'publish' ? e.event.type : e.kind === 'broadcast' ? e.name : e.kind)),
    ).toEqual(['cancel', 'BettingClosed', 'round:closed', 'table:exposedCard', 'round:card']);
    expect(broadcasts(fx, 'table:exposedCard')[0]).toMatchObject({
      card: 'QH',
      round: 'this',
      index: 0,
      target: 'player',
      roundId,
    });
    expect(broadcasts(fx, 'round:card')[0]).toMatchObject({ card: 'QH', index: 0, exposed: true });
    // A bet sent after the card was shown finds betting closed.
    expect(
      t.m.step(t.state, {
        kind: 'placeBet',
        player: { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 },
        type: 'banker',
        stake: 1000n,
      }).reply,
    ).toMatchObject({ ok: false });
    expect(t.state.round!.cards.map(cardToText)).toEqual(['QH']);
    expect(t.state.round!.startedAt).toBeDefined();
    t.scan('2D', '3S', '4C'); // P 0+3 = 3 draws
    t.expose('5D'); // the Player's third card, dropped face up: Player 8; Banker 6 stands on a third card of 5
    expect(t.state.phase).toBe('result');
    expect(published(t.take()).find((e) => e.type === 'RoundResult')).toMatchObject({
      result: { cards: ['QH', '2D', '3S', '4C', '5D'] },
    });

    // Exposed after it, with the manager's no-bet round: dealt at once, no ledger event.
    t.expose('8S');
    t.dealer({ kind: 'noBetRound' });
    t.take();
    t.timer('next');
    const next = t.take();
    expect(published(next)).toEqual([]);
    expect(t.state.round).toMatchObject({ noBet: true, exposed: [0] });
    expect(t.state.round!.cards.map(cardToText)).toEqual(['8S']);
    expect(broadcasts(next, 'round:opened')[0]).toMatchObject({ noBet: true, exposedCards: ['8S'] });
  });

  it("or, on the manager's decision, the round taking bets is made no-bet: its stakes refunded, the card opens the no-bet round", () => {
    const t = studio();
    t.dealer({ kind: 'newShoe' });
    const voided = t.state.round!.roundId;
    t.take();
    expect(t.dealer({ kind: 'exposedCard', card: '6C', noBet: true })).toMatchObject({ ok: true });
    const fx = t.take();
    expect(broadcasts(fx, 'table:exposedCard')[0]).toMatchObject({
      card: '6C',
      round: 'next',
      index: 0,
      noBetRound: true,
    });
    expect(published(fx)).toEqual([
      expect.objectContaining({ type: 'RoundVoided', roundId: voided, reason: 'misdeal' }),
    ]);
    expect(t.state).toMatchObject({ phase: 'result', noBetNext: true });
    expect(t.view().exposedCards).toEqual([expect.objectContaining({ card: '6C', round: 'next', index: 0 })]);
    t.timer('next');
    const opened = t.take();
    expect(published(opened)).toEqual([]);
    expect(broadcasts(opened, 'round:opened')[0]).toMatchObject({ noBet: true, exposedCards: ['6C'] });
    expect(t.state.round).toMatchObject({ noBet: true, exposed: [0] });
    expect(t.state.round!.roundId).not.toBe(voided);
    expect(t.state.round!.cards.map(cardToText)).toEqual(['6C']);
    // While dealing, the card's round has its bets already: there is no no-bet decision to take for it.
    expect(t.dealer({ kind: 'exposedCard', card: '7C', noBet: true })).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
  });

  it("a card exposed between rounds with the manager's no-bet decision makes the next round no-bet", () => {
    const t = dealingTable();
    t.scan('4S', '2H', '4D', '3H');
    expect(t.state.phase).toBe('result');
    t.dealer({ kind: 'exposedCard', card: '9C', noBet: true });
    expect(t.state.noBetNext).toBe(true);
    t.take();
    t.timer('next');
    expect(t.state.round).toMatchObject({ noBet: true, exposed: [0] });
    expect(published(t.take())).toEqual([]);
  });

  it("a card turned up beyond the burn of a shoe being loaded opens that shoe's first round", () => {
    const t = studio();
    expect(t.state.phase).toBe('waiting-shoe');
    t.expose('7C');
    expect(t.view().exposedCards).toEqual([expect.objectContaining({ card: '7C', round: 'next', index: 0 })]);
    t.dealer({ kind: 'newShoe' });
    t.timer('close');
    expect(t.state.round!.cards.map(cardToText)).toEqual(['7C']);
  });

  it('a void does not burn a waiting card: it goes to the next round; a restart keeps it', () => {
    const t = studio();
    t.expose('JD');
    t.dealer({ kind: 'newShoe' });
    // Carried into the round taking bets (shown to everyone before the bets).
    expect(t.state.phase).toBe('betting');
    const voided = t.state.round!.roundId;
    t.dealer({ kind: 'void', reason: 'misdeal' });
    expect(t.state.exposed?.map(cardToText)).toEqual(['JD']);
    t.timer('next');
    expect(t.state.round!.roundId).not.toBe(voided);

    // The service stops while the round takes bets: the round is voided not-started, the card still waits.
    // Saved and read back as a store keeps it (whole, its round's bets in place).
    const saved = JSON.stringify(roundBookJoined(t.m.toSnapshot(t.state)));
    const restored = t.m.fromSnapshot(JSON.parse(saved))!;
    const resumed = t.m.resume(restored);
    expect(published(resumed.effects)[0]).toMatchObject({ type: 'RoundVoided', reason: 'not-started' });
    t.state = t.m.step(resumed.state, { kind: 'timer', timer: 'next' }).state;
    t.timer('close');
    expect(t.state.round!.cards.map(cardToText)).toEqual(['JD']);
  });

  it('a misreported exposed card is taken back with rescan like a misread scan', () => {
    const t = dealingTable();
    t.scan('2S');
    t.expose('3H');
    expect(t.state.round!.exposed).toEqual([1]);
    expect(t.dealer({ kind: 'rescan' })).toMatchObject({ ok: true });
    expect(t.state.round).toMatchObject({ exposed: [] });
    t.expose('3D');
    expect(t.state.round!.cards.map(cardToText)).toEqual(['2S', '3D']);
  });

  it("a card exposed after the shoe's last round is shown to everyone and goes with the finished shoe", () => {
    const t = dealingTable();
    t.scan('4S', '2H', '4D', '3H');
    // The cut card came out: no round of this shoe follows, so a card exposed now belongs to no round.
    t.dealer({ kind: 'cutCard' });
    t.take();
    expect(t.expose('9C')).toMatchObject({ ok: true, done: 'exposedCard' });
    expect(broadcasts(t.take(), 'table:exposedCard')).toEqual([
      expect.objectContaining({ card: '9C', round: 'none', reason: expect.stringMatching(/finished shoe/) }),
    ]);
    expect(t.state.exposed).toBeUndefined();
    expect(t.dealer({ kind: 'exposedCard', card: '8C', noBet: true })).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
    // The new shoe's first round does not deal it.
    t.timer('next');
    expect(t.state.phase).toBe('waiting-shoe');
    t.dealer({ kind: 'newShoe' });
    t.timer('close');
    expect(t.state.round!.cards).toEqual([]);
  });

  it('a carried card holds the shoe for its round: a new shoe waits; a cut card reported after it leaves it unused', () => {
    const t = dealingTable();
    t.scan('4S', '2H', '4D', '3H');
    t.expose('9C');
    expect(t.dealer({ kind: 'newShoe' })).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(t.state.shoe!.endRequested).toBe(false);
    t.dealer({ kind: 'cutCard' });
    t.take();
    t.timer('next');
    const fx = t.take();
    expect(broadcasts(fx, 'table:exposedCardsUnused')).toEqual([expect.objectContaining({ cards: ['9C'] })]);
    expect(broadcasts(fx, 'shoe:finished')).toHaveLength(1);
    expect(t.state.phase).toBe('waiting-shoe');
    expect(t.state.exposed).toBeUndefined();
  });

  it('refuses what has no place: an automatic table, an unreadable card, a card for the round after next', () => {
    const auto = studio({ dealer: 'auto' });
    expect(auto.expose('AS')).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(auto.state.exposed).toBeUndefined();

    const t = studio();
    expect(t.expose('XX')).toMatchObject({ code: 'INVALID_MESSAGE' });
    // Four cards with a natural already make the shoe's first round: a fifth has no round to go to.
    for (const card of ['9S', '2H', 'KD', '3C']) t.expose(card);
    expect(t.expose('5D')).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    t.dealer({ kind: 'newShoe' });
    t.timer('close');
    expect(t.state.phase).toBe('result');
    expect(t.state.round!.cards.map(cardToText)).toEqual(['9S', '2H', 'KD', '3C']);
  });
});

describe("baccarat table: a dealer's void (docs/ledger.md#voids-after-betting-closed)", () => {
  it('needs a pit boss approval id once betting has closed, and passes it on to the ledger', () => {
    const t = dealingTable();
    t.scan('2S', 'KS', '3S');
    // After card 3 (as in issue 45): refused with its code, nothing published, the round goes on.
    expect(t.dealer({ kind: 'void', reason: 'misdeal' })).toMatchObject({
      ok: false,
      code: 'VOID_NEEDS_APPROVAL',
    });
    expect(published(t.take())).toEqual([]);
    expect(t.state.phase).toBe('dealing');
    const approvalId = '0b9a4c1e-5f5d-4c8e-9a7b-2d3f4e5a6b7c';
    expect(t.dealer({ kind: 'void', reason: 'misdeal', approvalId })).toEqual({ ok: true, done: 'void' });
    expect(published(t.take())).toEqual([
      expect.objectContaining({ type: 'RoundVoided', reason: 'misdeal', approvalId }),
    ]);
  });

  it('needs none while betting is open', () => {
    const t = studio();
    t.dealer({ kind: 'newShoe' });
    expect(t.state.phase).toBe('betting');
    t.take();
    expect(t.dealer({ kind: 'void', reason: 'malfunction' })).toEqual({ ok: true, done: 'void' });
    const [voided] = published(t.take());
    expect(voided).toMatchObject({ type: 'RoundVoided', reason: 'malfunction' });
    expect(voided).not.toHaveProperty('approvalId');
  });
});
