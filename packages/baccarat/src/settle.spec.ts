import { parseCards } from '@casino/cards';
import { BACCARAT_BET_TYPES, BaccaratBetType } from './bet-types';
import { FastSettler } from './fast-settle';
import { BaccaratOutcome } from './outcome';
import { PAY_TABLES, PayTableName } from './pay-table';
import { outcomeFromCards } from './round';
import { BetSettlement, settleBet } from './settle';

const round = (cards: string): BaccaratOutcome => outcomeFromCards(parseCards(cards.split(' ')));

// Recorded rounds covering every way a bet can go.
const PLAYER_WINS = round('AS JS 3S 2S 5S AH'); // P 9 v B 3, no pairs, no naturals
const TIE = round('KS QH 7S 7D'); // 7–7
const BANKER_SEVEN = round('KS 3H 6S 4D'); // P 6 v B 7, two cards
const BANKER_SIX_TWO = round('KS 3H 5S 3D KD'); // P 5 v B 6, Banker two cards
const BANKER_SIX_THREE = round('2S AH 3S AD KH 4C'); // P 5 v B 6, Banker three cards
const PAIRS_NATURALS = round('4S 9H 4D 9C'); // P 8 (pair, natural) v B 8 (pair, natural): tie
const TIE_ON_SIX = round('KS 3H 6S 3D'); // 6–6

const win = (stake: bigint, amount: bigint): BetSettlement => ({
  result: 'win',
  returned: stake + amount,
  win: amount,
});
const lose: BetSettlement = { result: 'lose', returned: 0n, win: 0n };
const push = (stake: bigint): BetSettlement => ({ result: 'push', returned: stake, win: 0n });

describe('settleBet', () => {
  const s = 1000n;
  const cases: [string, BaccaratBetType, BaccaratOutcome, PayTableName, BetSettlement][] = [
    ['Player wins 1:1', 'player', PLAYER_WINS, 'commission', win(s, 1000n)],
    ['Player loses', 'player', BANKER_SEVEN, 'commission', lose],
    ['Player pushes on a tie', 'player', TIE, 'commission', push(s)],
    ['Banker wins 0.95:1', 'banker', BANKER_SEVEN, 'commission', win(s, 950n)],
    ['Banker wins 0.95:1 on 6 too (commission)', 'banker', BANKER_SIX_TWO, 'commission', win(s, 950n)],
    ['Banker loses', 'banker', PLAYER_WINS, 'commission', lose],
    ['Banker pushes on a tie', 'banker', TIE, 'commission', push(s)],
    ['Banker pushes on a 6–6 tie (no-commission)', 'banker', TIE_ON_SIX, 'no-commission', push(s)],
    ['no-commission Banker 1:1', 'banker', BANKER_SEVEN, 'no-commission', win(s, 1000n)],
    ['no-commission Banker on 6 pays 1:2', 'banker', BANKER_SIX_TWO, 'no-commission', win(s, 500n)],
    [
      'no-commission Banker on three-card 6 pays 1:2',
      'banker',
      BANKER_SIX_THREE,
      'no-commission',
      win(s, 500n),
    ],
    ['no-commission Player unchanged', 'player', PLAYER_WINS, 'no-commission', win(s, 1000n)],
    ['Tie 8:1', 'tie', TIE, 'commission', win(s, 8000n)],
    ['Tie 8:1 on a natural tie', 'tie', PAIRS_NATURALS, 'no-commission', win(s, 8000n)],
    ['Tie loses on a decision', 'tie', PLAYER_WINS, 'commission', lose],
    ['Player Pair 11:1', 'playerPair', PAIRS_NATURALS, 'commission', win(s, 11000n)],
    ['Player Pair loses', 'playerPair', PLAYER_WINS, 'commission', lose],
    ['Banker Pair 11:1', 'bankerPair', PAIRS_NATURALS, 'commission', win(s, 11000n)],
    ['Banker Pair loses (J+Q is no pair)', 'bankerPair', round('AS JS 3S QS 5S AH'), 'commission', lose],
    ['Lucky Six two cards 12:1', 'luckySix', BANKER_SIX_TWO, 'commission', win(s, 12000n)],
    ['Lucky Six three cards 20:1', 'luckySix', BANKER_SIX_THREE, 'no-commission', win(s, 20000n)],
    ['Lucky Six loses on a 6–6 tie', 'luckySix', TIE_ON_SIX, 'commission', lose],
    ['Lucky Six loses on Banker 7', 'luckySix', BANKER_SEVEN, 'commission', lose],
    ['Player Natural 7:2', 'playerNatural', PAIRS_NATURALS, 'commission', win(s, 3500n)],
    ['Player Natural loses on a three-card 9', 'playerNatural', PLAYER_WINS, 'commission', lose],
    ['Banker Natural 7:2', 'bankerNatural', PAIRS_NATURALS, 'commission', win(s, 3500n)],
    ['Banker Natural loses without a natural', 'bankerNatural', BANKER_SEVEN, 'commission', lose],
    [
      'Player Natural wins even when Player loses the round',
      'playerNatural',
      round('4S 9H 4D KC'),
      'commission',
      win(s, 3500n),
    ],
  ];

  it.each(cases)('%s', (_name, type, outcome, table, expected) => {
    expect(settleBet(type, s, outcome, table)).toEqual(expected);
  });

  describe('rounding: the win is rounded down to the minor unit, the house keeps the fraction', () => {
    it.each([
      [1n, 0n],
      [2n, 1n],
      [19n, 18n],
      [20n, 19n],
      [25n, 23n],
      [101n, 95n],
    ])('Banker 0.95:1 on %d minor units wins %d', (stake, amount) => {
      expect(settleBet('banker', stake, BANKER_SEVEN, 'commission')).toEqual(win(stake, amount));
    });

    it.each([
      [1n, 0n],
      [3n, 1n],
      [5n, 2n],
    ])('no-commission Banker 1:2 on 6 with %d wins %d', (stake, amount) => {
      expect(settleBet('banker', stake, BANKER_SIX_TWO, 'no-commission')).toEqual(win(stake, amount));
    });

    it.each([
      [1n, 3n],
      [3n, 10n],
    ])('Natural 7:2 on %d wins %d', (stake, amount) => {
      expect(settleBet('playerNatural', stake, PAIRS_NATURALS, 'commission')).toEqual(win(stake, amount));
    });
  });

  it('rejects stakes that are not positive integers', () => {
    for (const stake of [0n, -5n, 10 as unknown as bigint, '10' as unknown as bigint]) {
      expect(() => settleBet('player', stake, PLAYER_WINS, 'commission')).toThrow(
        expect.objectContaining({ code: 'INVALID_STAKE' }),
      );
    }
  });

  it('rejects unknown bet types and pay tables', () => {
    expect(() => settleBet('dragon' as BaccaratBetType, 1n, PLAYER_WINS, 'commission')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_BET_TYPE' }),
    );
    expect(() => settleBet('player', 1n, PLAYER_WINS, 'ez' as PayTableName)).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_PAY_TABLE' }),
    );
  });

  it('pay tables are the exact ratios of the rules', () => {
    expect(PAY_TABLES.commission.banker).toEqual({ numerator: 19n, denominator: 20n });
    expect(PAY_TABLES['no-commission'].banker).toEqual({ numerator: 1n, denominator: 1n });
    expect(PAY_TABLES['no-commission'].bankerOnSix).toEqual({ numerator: 1n, denominator: 2n });
    expect(PAY_TABLES.commission.playerNatural).toEqual({ numerator: 7n, denominator: 2n });
    expect(PAY_TABLES.commission.luckySixThreeCards).toEqual({ numerator: 20n, denominator: 1n });
  });

  it('the fast number settlement agrees with settleBet', () => {
    const outcomes = [
      PLAYER_WINS,
      TIE,
      BANKER_SEVEN,
      BANKER_SIX_TWO,
      BANKER_SIX_THREE,
      PAIRS_NATURALS,
      TIE_ON_SIX,
    ];
    for (const table of ['commission', 'no-commission'] as const) {
      const fast = new FastSettler(table);
      for (const outcome of outcomes) {
        for (const type of BACCARAT_BET_TYPES) {
          for (const stake of [1, 2, 3, 19, 25, 99, 100, 12345, 1_000_000]) {
            expect(fast.returned(type, outcome, stake)).toBe(
              Number(settleBet(type, BigInt(stake), outcome, table).returned),
            );
          }
        }
      }
    }
  });
});
