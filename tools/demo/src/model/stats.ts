import { Game, perGame } from './game';

interface BetRecord {
  table: string;
  type: string;
}

export interface SettledRow {
  game: Game;
  table: string;
  type: string;
  stake: bigint;
  returned: bigint;
  count: number;
}

/** What the simulated players saw: decisions, codes, and settlements per game and bet type. */
export class DemoStats {
  readonly rounds: Record<Game, Set<string>> = perGame(() => new Set());
  readonly placed: Record<Game, number> = perGame(() => 0);
  readonly accepted: Record<Game, number> = perGame(() => 0);
  /** Rejections by game and code (the service's own checks and the ledger's decisions alike). */
  readonly rejected: Record<Game, Map<string, number>> = perGame(() => new Map());
  /** Settled stake and returned amount per table and bet type. */
  readonly settled = new Map<string, SettledRow>();
  readonly refunded: Record<Game, bigint> = perGame(() => 0n);
  readonly cancelled: Record<Game, number> = perGame(() => 0);
  private readonly bets = new Map<string, BetRecord>();
  /** Accepted bets not yet settled or refunded. */
  readonly open = new Set<string>();

  roundFinished(game: Game, roundId: string): void {
    this.rounds[game].add(roundId);
  }

  betPlaced(game: Game): void {
    this.placed[game]++;
  }

  betAccepted(game: Game, table: string, betId: string, type: string): void {
    this.accepted[game]++;
    this.bets.set(betId, { table, type });
    this.open.add(betId);
  }

  betRejected(game: Game, code: string): void {
    this.rejected[game].set(code, (this.rejected[game].get(code) ?? 0) + 1);
  }

  betSettled(game: Game, betId: string, stake: bigint, returned: bigint): void {
    this.open.delete(betId);
    const { table, type } = this.bets.get(betId) ?? { table: '?', type: 'other' };
    const key = `${table}:${type}`;
    const row = this.settled.get(key) ?? { game, table, type, stake: 0n, returned: 0n, count: 0 };
    row.stake += stake;
    row.returned += returned;
    row.count++;
    this.settled.set(key, row);
  }

  betCancelled(game: Game, betId: string): void {
    this.cancelled[game]++;
    this.open.delete(betId);
  }

  betRefunded(game: Game, betId: string, stake: bigint): void {
    this.open.delete(betId);
    this.refunded[game] += stake;
  }

  totalRejected(game: Game): number {
    let n = 0;
    for (const count of this.rejected[game].values()) n += count;
    return n;
  }
}
