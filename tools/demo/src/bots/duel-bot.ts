import { Bot, BotContext } from './bot';

const STAKES = [100n, 200n, 500n];

/** A two-card duel's bets (Dragon Tiger, Football Studio): the two sides, which may not be bet together, and more. */
export interface DuelBets {
  sides: readonly [string, string];
  /** Tie (Dragon Tiger), Draw (Football Studio), and any side bet. */
  others: readonly string[];
}

/**
 * Bets one side most rounds, sometimes the tie or draw; now and then tries both sides in one round, which the seed
 * forbids (Dragon after Tiger, Home after Away: the ledger rejects the second with OPPOSING_BETS).
 */
export class DuelBot extends Bot {
  constructor(
    ctx: BotContext,
    private readonly bets: DuelBets,
  ) {
    super(ctx);
  }

  protected async onRoundOpened(roundId: string): Promise<void> {
    const [first, second] = this.bets.sides;
    const side = this.pick([first, second]);
    await this.placeBet({ roundId, bet: { type: side }, stake: this.pick(STAKES).toString() });
    if (this.chance(20))
      await this.placeBet({ roundId, bet: { type: this.pick(this.bets.others) }, stake: '100' });
    // Forbidden: the other side in the same round.
    if (this.chance(10))
      await this.placeBet({ roundId, bet: { type: side === first ? second : first }, stake: '100' });
  }
}
