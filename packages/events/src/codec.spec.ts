import {
  decodeEvent,
  encodeEvent,
  encodeEventBuffer,
  eventKey,
  makeEvent,
  prefixedTopics,
  topicFor,
  TOPIC_SPECS,
  TOPICS,
  EVENT_DEFINITIONS,
  eventTypesOnTopic,
  GAME_TOPIC_FAMILIES,
} from './index';

const now = '2024-05-01T10:00:00.000Z';

function placeBet() {
  return makeEvent('PlaceBet', {
    tableId: 'bac-1',
    roundId: 'r-1',
    game: 'baccarat',
    playerId: 'p-1',
    operatorId: 'op-1',
    currency: 'EUR',
    stake: 9_223_372_036_854_775_807n,
    bet: { game: 'baccarat', type: 'player' },
  });
}

describe('events codec', () => {
  it('round-trips amounts as decimal strings and bigints', () => {
    const event = placeBet();
    const text = encodeEvent(event);
    expect(text).toContain('"stake":"9223372036854775807"');
    const decoded = decodeEvent(TOPICS.betCommandsBaccarat, Buffer.from(text));
    expect(decoded).toEqual({ ok: true, event });
    if (decoded.ok && decoded.event.type === 'PlaceBet')
      expect(decoded.event.stake).toBe(9_223_372_036_854_775_807n);
  });

  it('keys round events by table and bet commands by player', () => {
    expect(eventKey(placeBet())).toBe('p-1');
    const opened = makeEvent('RoundOpened', {
      tableId: 'rou-1',
      roundId: 'r-9',
      game: 'roulette',
      currency: 'EUR',
      table: { game: 'roulette', limits: { straight: { min: 100n, max: 10_000n } }, tableMax: {} },
    });
    expect(eventKey(opened)).toBe('rou-1');
    expect(topicFor(opened, prefixedTopics('t1-'))).toBe('t1-casino.rounds.roulette');
    // A session of a single-player table is keyed by its table: the instance running the table gets its events.
    expect(eventKey({ ...opened, tableId: 'rng-1~op-a/42' })).toBe('rng-1');
  });

  it.each([
    ['a float amount', { stake: 12.5 }],
    ['a decimal string with a fraction', { stake: '12.50' }],
    ['a negative amount', { stake: '-5' }],
    ['a zero stake', { stake: '0' }],
    ['a stake above 64 bits', { stake: '9223372036854775808' }],
    ['an unknown bet type', { bet: { game: 'baccarat', type: 'dragon' } }],
    ['an extra field', { payout: '100' }],
  ])('rejects %s', (_name, patch) => {
    const raw = { ...JSON.parse(encodeEvent(placeBet())), ...patch };
    const decoded = decodeEvent(TOPICS.betCommandsBaccarat, JSON.stringify(raw));
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.code).toBe('INVALID_EVENT');
  });

  it('names what is wrong with a message', () => {
    expect(decodeEvent(TOPICS.roundsBaccarat, 'not json')).toMatchObject({ ok: false, code: 'INVALID_JSON' });
    expect(decodeEvent(TOPICS.roundsBaccarat, '{"a":1}')).toMatchObject({ ok: false, code: 'NOT_AN_EVENT' });
    expect(decodeEvent(TOPICS.roundsBaccarat, '{"type":"Nope","version":1}')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TYPE',
    });
    expect(decodeEvent(TOPICS.roundsBaccarat, encodeEvent(placeBet()))).toMatchObject({
      ok: false,
      code: 'WRONG_TOPIC',
    });
    expect(decodeEvent('x-' + TOPICS.betCommandsBaccarat, encodeEvent(placeBet())).ok).toBe(true);
  });

  it('validates game-specific bets and results', () => {
    const roulette = makeEvent('PlaceBet', {
      tableId: 't',
      roundId: 'r',
      game: 'roulette',
      playerId: 'p',
      operatorId: 'o',
      currency: 'EUR',
      stake: 100n,
      bet: { game: 'roulette', spec: { type: 'split', numbers: [0, 2] } },
      occurredAt: now,
    });
    expect(roulette.bet).toEqual({ game: 'roulette', spec: { type: 'split', numbers: [0, 2] } });
    const bj = makeEvent('PlaceBet', {
      tableId: 't',
      roundId: 'r',
      game: 'blackjack',
      playerId: 'p',
      operatorId: 'o',
      currency: 'EUR',
      stake: 100n,
      bet: { game: 'blackjack', seat: 3, kind: 'double', hand: 1 },
    });
    expect(bj.bet).toMatchObject({ seat: 3, kind: 'double', hand: 1 });
    const result = makeEvent('RoundResult', {
      tableId: 't',
      roundId: 'r',
      game: 'blackjack',
      result: {
        game: 'blackjack',
        seats: [{ seat: 1, playerId: 'p' }],
        inputs: [
          { kind: 'card', card: 'AS' },
          { kind: 'action', seat: 1, hand: 0, action: 'stand' },
          { kind: 'timeout' },
        ],
      },
    });
    expect(result.result.game).toBe('blackjack');
    expect(() =>
      makeEvent('RoundResult', {
        tableId: 't',
        roundId: 'r',
        game: 'baccarat',
        result: { game: 'baccarat', cards: ['AS', 'XX', '2C', '3D'] },
      }),
    ).toThrow(/invalid RoundResult/);
  });

  it('defines CancelBet on the commands topic and its decisions on the decisions topic', () => {
    const base = {
      tableId: 't',
      roundId: 'r',
      game: 'baccarat' as const,
      playerId: 'p',
      operatorId: 'o',
      currency: 'EUR',
    };
    const byBet = makeEvent('CancelBet', { ...base, target: { betId: 'b1' } });
    const byCommand = makeEvent('CancelBet', { ...base, target: { betCommandId: 'c1' } });
    expect(eventKey(byBet)).toBe('p');
    expect(topicFor(byCommand, prefixedTopics('x.'))).toBe('x.casino.bet-commands.baccarat');
    const decoded = decodeEvent('x.casino.bet-commands.baccarat', encodeEventBuffer(byCommand));
    expect(decoded.ok && decoded.event.type === 'CancelBet' && decoded.event.target).toEqual({
      betCommandId: 'c1',
    });
    expect(() => makeEvent('CancelBet', { ...base, target: {} as { betId: string } })).toThrow(
      /invalid CancelBet/,
    );
    const cancelled = makeEvent('BetCancelled', {
      ...base,
      commandId: byBet.id,
      betId: 'b1',
      betCommandId: 'c1',
      stake: 500n,
      bet: { game: 'baccarat', type: 'banker' },
      balance: 1_000n,
    });
    expect(eventKey(cancelled)).toBe('t');
    const rejected = makeEvent('BetCancelRejected', {
      ...base,
      commandId: byBet.id,
      target: { betId: 'b1' },
      code: 'LATE_CANCEL',
      message: 'closed',
    });
    expect(eventTypesOnTopic(TOPICS.betDecisions)).toEqual([
      'BetAccepted',
      'BetRejected',
      'BetCancelled',
      'BetCancelRejected',
      'BetsDecided',
    ]);
    expect(decodeEvent('casino.bet-decisions', encodeEventBuffer(rejected)).ok).toBe(true);
    expect(decodeEvent('casino.bet-decisions', encodeEventBuffer(cancelled)).ok).toBe(true);
  });

  it('lists every topic with partitions, and every event type on one topic', () => {
    expect(TOPIC_SPECS.map((t) => t.name).sort()).toEqual(Object.values(TOPICS).sort());
    const types = EVENT_DEFINITIONS.map((d) => d.type);
    expect(new Set(types).size).toBe(types.length);
    expect(eventTypesOnTopic(GAME_TOPIC_FAMILIES.rounds)).toEqual([
      'RoundOpened',
      'BettingClosed',
      'RoundResult',
      'RoundVoided',
      'ShoeRevealed',
    ]);
  });

  describe('ShoeRevealed', () => {
    const deck = [...'A23456789TJQK'].flatMap((rank) => [...'SHDC'].map((suit) => rank + suit));
    const revealed = () =>
      makeEvent('ShoeRevealed', {
        tableId: 'bj-1',
        game: 'blackjack',
        shoeId: 'shoe-7',
        commitment: { algorithm: 'sha256', decks: 1, cardCount: 52, hash: 'ab'.repeat(32) },
        reveal: { order: deck, salt: '0f'.repeat(32) },
        roundsDealt: 12,
      });

    it('round-trips on the rounds topic, keyed by table', () => {
      const event = revealed();
      expect(eventKey(event)).toBe('bj-1');
      expect(topicFor(event, prefixedTopics('t1-'))).toBe('t1-casino.rounds.blackjack');
      expect(decodeEvent('t1-casino.rounds.blackjack', encodeEventBuffer(event))).toEqual({
        ok: true,
        event,
      });
      expect(decodeEvent(TOPICS.settlements, encodeEvent(event))).toMatchObject({
        ok: false,
        code: 'WRONG_TOPIC',
      });
    });

    it.each([
      ['a card not in text form', { reveal: { order: ['10S', ...deck.slice(1)], salt: '0f'.repeat(32) } }],
      ['an upper-case salt', { reveal: { order: deck, salt: '0F'.repeat(32) } }],
      [
        'another algorithm',
        { commitment: { algorithm: 'md5', decks: 1, cardCount: 52, hash: 'ab'.repeat(32) } },
      ],
      ['a short hash', { commitment: { algorithm: 'sha256', decks: 1, cardCount: 52, hash: 'abc' } }],
      ['roulette', { game: 'roulette' }],
      ['a negative round count', { roundsDealt: -1 }],
      ['a round id', { roundId: 'r-1' }],
    ])('rejects %s', (_name, patch) => {
      const raw = { ...JSON.parse(encodeEvent(revealed())), ...patch };
      expect(decodeEvent(TOPICS.roundsBlackjack, JSON.stringify(raw))).toMatchObject({
        ok: false,
        code: 'INVALID_EVENT',
      });
    });
  });
});
