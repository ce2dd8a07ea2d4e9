import { basicStrategy, BlackjackRules, PlayerAction } from '@casino/blackjack';
import { Card, parseCard } from '@casino/cards';
import { Bot, BotContext } from './bot';

type Payload = Record<string, unknown>;
const STAKES = [200n, 500n, 1000n];

/** Holds one or more seats and plays basic strategy on every turn; declines insurance (as basic strategy does). */
export class BlackjackBot extends Bot {
  private hands = new Map<string, Card[]>();
  private upCard: Card | null = null;

  constructor(
    ctx: BotContext,
    private readonly seats: readonly number[],
    private readonly rules: BlackjackRules,
  ) {
    super(ctx);
  }

  protected async onRoundOpened(roundId: string): Promise<void> {
    this.hands.clear();
    this.upCard = null;
    for (const seat of this.seats)
      await this.placeBet({ roundId, seat, stake: this.pick(STAKES).toString() });
  }

  protected override listen(on: (name: string, handler: (p: Payload) => void) => void): void {
    on('bj:card', (p) => {
      const target = p.target as { kind: string; seat?: number; hand?: number; role?: string };
      if (p.card === null) return;
      const card = parseCard(String(p.card));
      if (target.kind === 'dealer' && target.role === 'up') this.upCard = card;
      if (target.kind === 'seat' && target.seat !== undefined && target.hand !== undefined) {
        this.handCards(target.seat, target.hand).push(card);
      }
    });
    on('bj:hand-split', (p) => {
      const from = this.handCards(Number(p.seat), Number(p.hand));
      const moved = from.splice(1);
      this.handCards(Number(p.seat), Number(p.newHand)).push(...moved);
    });
    on('bj:turn', (p) => {
      // Turns name the seat (the table shows no player ids): act on the seats this bot holds.
      if (!this.seats.includes(Number(p.seat)) || this.upCard === null) return;
      const seat = Number(p.seat);
      const hand = Number(p.hand);
      const action = basicStrategy(
        this.rules,
        this.handCards(seat, hand),
        this.upCard,
        p.options as PlayerAction[],
      );
      // A double or a split is one more stake for the ledger to accept: count it as a bet placed.
      if (action === 'double' || action === 'split') this.ctx.stats.betPlaced(this.ctx.game);
      void this.ctx.client
        .request<Payload>('decide', { tableId: this.ctx.tableId, seat, hand, action })
        .then((ack) => {
          if (ack.ok !== true) this.ctx.stats.betRejected(this.ctx.game, `decide:${String(ack.code)}`);
        })
        .catch(() => undefined);
    });
  }

  private handCards(seat: number, hand: number): Card[] {
    const key = `${seat}/${hand}`;
    let cards = this.hands.get(key);
    if (!cards) this.hands.set(key, (cards = []));
    return cards;
  }
}
