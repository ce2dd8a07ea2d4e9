import { Bot } from './bot';

const STAKES = [100n, 200n, 500n];
const EVEN_MONEY = ['small', 'big', 'odd', 'even'] as const;
const OPPOSITE: Readonly<Record<(typeof EVEN_MONEY)[number], string>> = {
  small: 'big',
  big: 'small',
  odd: 'even',
  even: 'odd',
};
const FACES = [1, 2, 3, 4, 5, 6] as const;

type Bet = Record<string, unknown>;

/**
 * An even-money bet most rounds and a long shot (a total, a single number, a double, any triple) now and then;
 * sometimes tries Big after Small or Even after Odd, which the seed forbids (OPPOSING_BETS).
 */
export class SicBoBot extends Bot {
  protected async onRoundOpened(roundId: string): Promise<void> {
    const even = this.pick(EVEN_MONEY);
    await this.placeBet({ roundId, bet: { type: even }, stake: this.pick(STAKES).toString() });
    const longShots: (() => Bet)[] = [
      () => ({ type: 'total', total: 4 + this.pick([...Array(14).keys()]) }),
      () => ({ type: 'single', number: this.pick(FACES) }),
      () => ({ type: 'double', number: this.pick(FACES) }),
      () => ({ type: 'anyTriple' }),
    ];
    if (this.chance(50)) await this.placeBet({ roundId, bet: this.pick(longShots)(), stake: '100' });
    // Forbidden: the opposite even-money bet in the same round.
    if (this.chance(10)) await this.placeBet({ roundId, bet: { type: OPPOSITE[even] }, stake: '100' });
  }
}
