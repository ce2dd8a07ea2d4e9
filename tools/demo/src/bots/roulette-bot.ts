import { Bot } from './bot';

const STAKES = [100n, 200n, 500n];

type Bet = Record<string, unknown>;

/**
 * Straights, splits, dozens, even-money and announced bets, sent as bet slips (`placeBets`: one command for many
 * chips, so fast chips are never refused for speed); now and then repeats its last round's bets or doubles its
 * bets on the table, and tries to cover 35 numbers.
 */
export class RouletteBot extends Bot {
  private lastRound: Bet[] = [];

  protected async onRoundOpened(roundId: string): Promise<void> {
    const stake = this.pick(STAKES).toString();
    const n = this.pick([...Array(36).keys()]) + 1;
    const choices: (() => Bet)[] = [
      () => ({ bet: { type: 'straight', numbers: [n] }, stake }),
      () => ({ bet: { type: 'split', numbers: n % 3 === 0 ? [n - 1, n] : [n, n + 1] }, stake }),
      () => ({ bet: { type: 'dozen', dozen: this.pick([1, 2, 3]) }, stake }),
      () => ({ bet: { type: 'column', column: this.pick([1, 2, 3]) }, stake }),
      () => ({ bet: { type: this.pick(['red', 'black', 'odd', 'even', 'low', 'high']) }, stake }),
      () => ({
        announced: { type: this.pick(['voisinsDuZero', 'tiersDuCylindre', 'orphelins']) },
        unitStake: '100',
      }),
      () => ({ announced: { type: 'neighbours', number: n, count: 2 }, unitStake: '100' }),
    ];
    // "Repeat": the last round's bets again, in one command.
    const repeated = this.lastRound.length > 0 && this.chance(20);
    const bets = repeated ? [...this.lastRound] : [this.pick(choices)(), this.pick(choices)()];
    await this.placeBets(roundId, bets, repeated ? 'repeat' : 'chips');
    // "Double": the bets on the table placed once more, in one command.
    if (this.chance(10)) await this.placeBets(roundId, bets, 'double');
    this.lastRound = bets;
    // Forbidden: straights on 35 numbers in one slip (the ledger accepts 34 and rejects the 35th for coverage).
    if (this.chance(3)) {
      const straights = Array.from({ length: 35 }, (_, i) => ({
        bet: { type: 'straight', numbers: [i + 1] },
        stake: '100',
      }));
      await this.placeBets(roundId, straights, 'chips');
    }
  }

  protected override async onRoundClosed(roundId: string): Promise<void> {
    if (this.chance(5)) await this.placeBet({ roundId, bet: { type: 'red' }, stake: '100' });
  }
}
