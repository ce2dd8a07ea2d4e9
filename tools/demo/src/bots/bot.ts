import { RandomSource, randomInt } from '@casino/cards';
import { betLimitKey, betSpecSchema } from '@casino/games';
import { PlaceBetsAnswer, SlipIntent, slipChunks } from '@casino/player-protocol';
import { PlayerClient } from '@casino/service-testing';
import { Game } from '../model/game';
import { DemoStats } from '../model/stats';

type Payload = Record<string, unknown>;

export interface BotContext {
  game: Game;
  playerId: string;
  tableId: string;
  client: PlayerClient;
  stats: DemoStats;
  random: RandomSource;
}

/**
 * A simulated player: joins one table, bets on every round it sees open, and records what the platform
 * answered. Subclasses choose the bets; a few of their choices are deliberately forbidden or late.
 */
export abstract class Bot {
  protected readonly socket;
  private betting = true;

  constructor(protected readonly ctx: BotContext) {
    this.socket = ctx.client.socket;
  }

  async start(): Promise<void> {
    const on = (name: string, handler: (p: Payload) => void) =>
      this.socket.on(name, (p: Payload) => {
        if (p.tableId === this.ctx.tableId) handler(p);
      });
    on('round:result', (p) => this.ctx.stats.roundFinished(this.ctx.game, String(p.roundId)));
    on('bj:result', (p) => this.ctx.stats.roundFinished(this.ctx.game, String(p.roundId)));
    on('round:opened', (p) => {
      if (this.betting) void this.onRoundOpened(String(p.roundId)).catch(() => undefined);
    });
    on('round:closed', (p) => void this.onRoundClosed(String(p.roundId)).catch(() => undefined));
    on('bet:accepted', (p) => {
      this.ctx.stats.betAccepted(this.ctx.game, this.ctx.tableId, String(p.betId), this.betType(p.bet));
    });
    on('bet:rejected', (p) => this.ctx.stats.betRejected(this.ctx.game, String(p.code)));
    on('bet:cancelled', (p) => this.ctx.stats.betCancelled(this.ctx.game, String(p.betId)));
    on('bet:cancelRejected', (p) => this.ctx.stats.betRejected(this.ctx.game, `cancel:${String(p.code)}`));
    on('round:settled', (p) => {
      for (const bet of (p.bets as Payload[]) ?? []) {
        this.ctx.stats.betSettled(
          this.ctx.game,
          String(bet.betId),
          BigInt(String(bet.stake)),
          BigInt(String(bet.returned)),
        );
      }
    });
    on('round:refunded', (p) => {
      for (const bet of (p.bets as Payload[]) ?? []) {
        this.ctx.stats.betRefunded(this.ctx.game, String(bet.betId), BigInt(String(bet.stake)));
      }
    });
    this.listen(on);
    const joined = await this.ctx.client.request<Payload>('join', { tableId: this.ctx.tableId });
    if (joined.ok !== true)
      throw new Error(`${this.ctx.playerId} could not join ${this.ctx.tableId}: ${joined.code}`);
  }

  /** No more bets from this player; it still follows the rounds it is in. */
  stopBetting(): void {
    this.betting = false;
  }

  stop(): void {
    this.ctx.client.close();
  }

  /** Sends a bet; a refusal by the service itself is counted here, the ledger's decision arrives as an event. */
  protected async placeBet(body: Payload): Promise<Payload> {
    this.ctx.stats.betPlaced(this.ctx.game);
    const ack = await this.ctx.client.request<Payload>('placeBet', { tableId: this.ctx.tableId, ...body });
    if (ack.ok !== true) this.ctx.stats.betRejected(this.ctx.game, String(ack.code));
    // An announced roulette bet is one message but several basic bets (`refs`).
    else if (Array.isArray(ack.refs))
      for (let i = 1; i < ack.refs.length; i++) this.ctx.stats.betPlaced(this.ctx.game);
    return ack;
  }

  /**
   * Sends many bets as bet slips (`placeBets`, one rate-limited command for up to MAX_SLIP_ITEMS bets), counted
   * bet by bet as `placeBet` counts them; each bet's result, in order.
   */
  protected async placeBets(
    roundId: string,
    bets: readonly Payload[],
    intent: SlipIntent,
  ): Promise<Payload[]> {
    const results: Payload[] = [];
    for (const chunk of slipChunks(bets)) {
      const items = chunk.map((b, i) => ({ ...b, clientId: `b${i}` }));
      const ack = await this.ctx.client.request<PlaceBetsAnswer>('placeBets', {
        tableId: this.ctx.tableId,
        roundId,
        intent,
        bets: items,
      });
      for (const item of items) {
        this.ctx.stats.betPlaced(this.ctx.game);
        const result: Payload = ack.ok
          ? ((ack.results.find((r) => r.clientId === item.clientId) as Payload | undefined) ?? {
              ok: false,
              code: 'NO_ANSWER',
            })
          : ack;
        if (result.ok !== true) this.ctx.stats.betRejected(this.ctx.game, String(result.code));
        else if (Array.isArray(result.refs))
          for (let i = 1; i < result.refs.length; i++) this.ctx.stats.betPlaced(this.ctx.game);
        results.push(result);
      }
    }
    return results;
  }

  /** Withdraws a bet by the ref its placeBet acknowledgement gave. */
  protected async cancelBet(roundId: string, ref: unknown): Promise<void> {
    if (typeof ref !== 'string') return;
    const ack = await this.ctx.client.request<Payload>('cancelBet', {
      tableId: this.ctx.tableId,
      roundId,
      ref,
    });
    if (ack.ok !== true) this.ctx.stats.betRejected(this.ctx.game, `cancel:${String(ack.code)}`);
  }

  protected chance(percent: number): boolean {
    return randomInt(this.ctx.random, 100) < percent;
  }

  protected pick<T>(items: readonly T[]): T {
    return items[randomInt(this.ctx.random, items.length)];
  }

  protected abstract onRoundOpened(roundId: string): Promise<void>;

  /** By default a bot does nothing at "no more bets"; some try a late bet. */
  protected async onRoundClosed(_roundId: string): Promise<void> {}

  /** Extra game events (blackjack turns). */
  protected listen(_on: (name: string, handler: (p: Payload) => void) => void): void {}

  /**
   * The bet type a decision's `bet` field (a BetSpec) names, for the return-per-bet-type figures: its definition's
   * limit key, the key its exact return is quoted by (Sic Bo's totals each have their own: `total9`).
   */
  private betType(bet: unknown): string {
    const parsed = betSpecSchema.safeParse(bet);
    if (parsed.success) return betLimitKey(parsed.data);
    const spec = (bet ?? {}) as { type?: unknown; kind?: unknown; spec?: { type?: unknown } };
    return String(spec.type ?? spec.kind ?? spec.spec?.type ?? 'other');
  }
}
