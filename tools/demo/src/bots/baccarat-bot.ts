import { Bot } from './bot';

const MAIN = ['player', 'banker', 'player', 'banker', 'tie'] as const;
const SIDE = ['playerPair', 'bankerPair', 'luckySix', 'playerNatural', 'bankerNatural'] as const;
const STAKES = [100n, 200n, 500n, 1000n];

/** Bets Player or Banker most rounds, sometimes a side bet; now and then tries Player+Banker or a late bet. */
export class BaccaratBot extends Bot {
  protected async onRoundOpened(roundId: string): Promise<void> {
    await this.placeBet({ roundId, type: this.pick(MAIN), stake: this.pick(STAKES).toString() });
    if (this.chance(30)) await this.placeBet({ roundId, type: this.pick(SIDE), stake: '100' });
    // Changes its mind now and then: withdraws a Tie bet while betting is still open.
    if (this.chance(10)) {
      const ack = await this.placeBet({ roundId, type: 'tie', stake: '100' });
      await this.cancelBet(roundId, ack.ref);
    }
    // Forbidden: both Player and Banker in one round (the ledger rejects the second).
    if (this.chance(8)) {
      await this.placeBet({ roundId, type: 'player', stake: '100' });
      await this.placeBet({ roundId, type: 'banker', stake: '100' });
    }
  }

  protected override async onRoundClosed(roundId: string): Promise<void> {
    if (this.chance(5)) await this.placeBet({ roundId, type: 'tie', stake: '100' });
  }
}
