import { BetSpec, TableConfig } from '@casino/events';
import { maxReturnOf } from './max-return';

const config = { game: 'roulette' } as TableConfig;
const blackjack = (num: number, den: number) =>
  ({ game: 'blackjack', blackjackPays: { num, den } }) as TableConfig;

describe('maxReturnOf', () => {
  it.each<[string, BetSpec, TableConfig, bigint]>([
    [
      'a straight up pays 35:1',
      { game: 'roulette', spec: { type: 'straight', numbers: [17] } },
      config,
      36_000n,
    ],
    ['red pays even money', { game: 'roulette', spec: { type: 'red' } }, config, 2_000n],
    ['a dozen pays 2:1', { game: 'roulette', spec: { type: 'dozen', dozen: 2 } }, config, 3_000n],
    ['banker: even money at no commission', { game: 'baccarat', type: 'banker' }, config, 2_000n],
    ['tie pays 8:1', { game: 'baccarat', type: 'tie' }, config, 9_000n],
    ['lucky six pays up to 20:1', { game: 'baccarat', type: 'luckySix' }, config, 21_000n],
    ['a natural pays 7:2', { game: 'baccarat', type: 'playerNatural' }, config, 4_500n],
    ['a 3:2 blackjack', { game: 'blackjack', kind: 'main', seat: 1, hand: 0 }, blackjack(3, 2), 2_500n],
    ['a 6:5 blackjack', { game: 'blackjack', kind: 'main', seat: 1, hand: 0 }, blackjack(6, 5), 2_200n],
    ['a 1:1 blackjack', { game: 'blackjack', kind: 'main', seat: 1, hand: 0 }, blackjack(1, 1), 2_000n],
    [
      'insurance pays 2:1',
      { game: 'blackjack', kind: 'insurance', seat: 1, hand: 0 },
      blackjack(3, 2),
      3_000n,
    ],
    ['a double', { game: 'blackjack', kind: 'double', seat: 1, hand: 0 }, blackjack(3, 2), 2_000n],
  ])('%s', (_, spec, table, expected) => {
    expect(maxReturnOf(spec, 1_000n, table)).toBe(expected);
  });

  it('rounds up', () => {
    expect(maxReturnOf({ game: 'baccarat', type: 'playerNatural' }, 1n, config)).toBe(5n);
  });
});
