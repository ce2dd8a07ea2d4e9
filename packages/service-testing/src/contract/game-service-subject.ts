import type { ServiceHarness } from '../harness/service-harness';

/** A placeBet message without its table, round and stake: `{ type }`, `{ bet }`, `{ seat }`, as the game takes. */
export type BetBody = Readonly<Record<string, unknown>>;

/** One game of a service under the contract: its automatic tables and two bets one player may hold together. */
export interface ContractGame {
  /** The game's id, as the join snapshot names it (`baccarat`, `sicBo`). */
  id: string;
  /** An automatic table of the game (the service deals, spins or draws on its own) with this id and window. */
  table(id: string, bettingMs: number): Record<string, unknown>;
  /** Two bets one player may hold in one round (no restriction pairs them), the first one cancellable. */
  bets: readonly [BetBody, BetBody];
  /**
   * Two bets a restriction forbids one player to hold together (OPPOSING_BETS), when the game has such a rule: the
   * second is refused while the first stands and taken once the first is withdrawn.
   */
  opposing?: readonly [BetBody, BetBody];
  /** The message that shows a round's result to the players (default `round:result`). */
  resultMessage?: string;
  /**
   * What `bet` staked `stake` returns for the result a player was shown, from the game's engine; absent when the
   * result alone does not decide it (blackjack: the players' decisions and the dealer's draws).
   */
  returnOf?(shown: Record<string, unknown>, bet: BetBody, stake: bigint): bigint;
  /**
   * True when the table deals only once the ledger's final bets came over Kafka (blackjack): a Kafka outage after
   * "no more bets" ends the round with a void (refunded once Kafka is back) instead of a result.
   */
  dealsAfterFinalBets?: boolean;
  /**
   * The most a round of the table takes from "no more bets" to its result on a loaded machine (default 3 s): the
   * dependency cases check that a Kafka outage does not hold it up.
   */
  playMs?: number;
}

/** A game service under the contract (describeGameServiceContract). */
export interface GameServiceSubject {
  /** The app folder under apps/, built: the dependency-failure cases run `apps/<app>/dist/main.js`. */
  app: string;
  /** The service's test harness (its config, bootstrap and ledger catalogue). */
  harness: ServiceHarness<unknown>;
  /** The games it runs; the dependency-failure cases use the first one's table. */
  games: readonly [ContractGame, ...ContractGame[]];
}

/** The acknowledgement of a placeBet: one ref (card tables) or one per chip (`refs`). */
export interface PlaceAck {
  ok: boolean;
  ref?: string;
  refs?: string[];
  code?: string;
}

/** The ref of the (first) bet a placeBet acknowledgement names. */
export function refOf(ack: PlaceAck): string {
  const ref = ack.ref ?? ack.refs?.[0];
  if (ref === undefined) throw new Error(`placeBet not acknowledged with a ref: ${JSON.stringify(ack)}`);
  return ref;
}
