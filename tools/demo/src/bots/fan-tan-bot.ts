import { Bot } from './bot';

const STAKES = [100n, 200n, 500n];
const NUMBERS = [1, 2, 3, 4] as const;

type Bet = Record<string, unknown>;

/** Fan, Nim, Kwok, Odd and Even on the bead count's result (Fan Tan restricts no combination of them). */
export class FanTanBot extends Bot {
  protected async onRoundOpened(roundId: string): Promise<void> {
    const n = this.pick(NUMBERS);
    const next = (n % 4) + 1;
    const choices: (() => Bet)[] = [
      () => ({ type: 'fan', number: n }),
      () => ({ type: 'nim', number: n, push: next }),
      () => ({ type: 'kwok', numbers: [n, next] }),
      () => ({ type: this.pick(['odd', 'even']) }),
    ];
    await this.placeBet({ roundId, bet: this.pick(choices)(), stake: this.pick(STAKES).toString() });
    if (this.chance(30)) await this.placeBet({ roundId, bet: this.pick(choices)(), stake: '100' });
  }
}
