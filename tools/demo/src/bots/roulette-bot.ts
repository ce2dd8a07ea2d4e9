import { Bot } from './bot';

const STAKES = [100n, 200n, 500n];

/** Straights, splits, dozens, even-money and announced bets; now and then tries to cover 35 numbers. */
export class RouletteBot extends Bot {
  protected async onRoundOpened(roundId: string): Promise<void> {
    const stake = this.pick(STAKES).toString();
    const n = this.pick([...Array(36).keys()]) + 1;
    const choices = [
      () => this.placeBet({ roundId, bet: { type: 'straight', numbers: [n] }, stake }),
      () =>
        this.placeBet({
          roundId,
          bet: { type: 'split', numbers: n % 3 === 0 ? [n - 1, n] : [n, n + 1] },
          stake,
        }),
      () => this.placeBet({ roundId, bet: { type: 'dozen', dozen: this.pick([1, 2, 3]) }, stake }),
      () => this.placeBet({ roundId, bet: { type: 'column', column: this.pick([1, 2, 3]) }, stake }),
      () =>
        this.placeBet({
          roundId,
          bet: { type: this.pick(['red', 'black', 'odd', 'even', 'low', 'high']) },
          stake,
        }),
      () =>
        this.placeBet({
          roundId,
          announced: { type: this.pick(['voisinsDuZero', 'tiersDuCylindre', 'orphelins']) },
          unitStake: '100',
        }),
      () =>
        this.placeBet({ roundId, announced: { type: 'neighbours', number: n, count: 2 }, unitStake: '100' }),
    ];
    await this.pick(choices)();
    // Forbidden: straights on 35 numbers (the ledger accepts 34 and rejects the 35th for coverage).
    if (this.chance(3)) {
      for (let number = 1; number <= 35; number++) {
        await this.placeBet({ roundId, bet: { type: 'straight', numbers: [number] }, stake: '100' });
      }
    }
  }

  protected override async onRoundClosed(roundId: string): Promise<void> {
    if (this.chance(5)) await this.placeBet({ roundId, bet: { type: 'red' }, stake: '100' });
  }
}
