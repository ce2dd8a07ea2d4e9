import { CasinoEvent } from '@casino/events';
import type { Outgoing, TableMessageName, TablePayloads } from '@casino/player-protocol';
import { PlayerIdentity, playerKey } from '../players/player-key';

/**
 * What a table step asks the world to do. Machines stay free of I/O: they return effects, the host runs them
 * (in order) after persisting the new state.
 */
export type TableEffect<I> =
  | { kind: 'publish'; event: CasinoEvent }
  /** Feed `input` back to this table after `ms`; a timer of the same name is replaced. */
  | { kind: 'schedule'; timer: string; ms: number; input: I }
  | { kind: 'cancel'; timer: string }
  /** To every socket that joined the table. */
  | { kind: 'broadcast'; name: TableMessageName; payload: object }
  /** To one player's sockets; `player` is the player's key (`playerKey`: operator and player). */
  | { kind: 'send'; player: string; name: TableMessageName; payload: object };

export interface StepResult<S, I, R> {
  state: S;
  effects: TableEffect<I>[];
  /** Answer to the caller of `dispatch` (e.g. the acknowledgement of a placeBet). */
  reply?: R;
}

/**
 * A table's rules as a state machine: `(state, input) → state + effects`. It may read the clock through its
 * own dependencies but does no I/O.
 */
export interface TableMachine<S, I, R> {
  initial(): StepResult<S, I, R>;
  step(state: S, input: I): StepResult<S, I, R>;
  /** After a restart: void a round that had not started, resume one that had, restart timers. */
  resume(state: S): StepResult<S, I, R>;
  /**
   * The ledger left bets of round `roundId` undecided past its close (it is unreachable): a machine that has
   * this voids the round if its result is not out yet. The host holds the table's timers until then.
   */
  ledgerUnreachable?(state: S, roundId: string): StepResult<S, I, R>;
  /**
   * The host keeps a round's BettingClosed from the ledger until the bets sent before it are decided (see
   * CloseWait), so that none is rejected as late. Off for a machine whose timers after the close wait for the
   * ledger's own answer to it.
   */
  readonly holdsCloseForDecisions?: boolean;
  toSnapshot(state: S): unknown;
  /** Returns undefined when the snapshot is unusable (e.g. another version): the table starts fresh. */
  fromSnapshot(snapshot: unknown): S | undefined;
}

/** Small builder so machine code reads as a list of what happens. */
export class Effects<I> {
  readonly list: TableEffect<I>[] = [];

  publish(event: CasinoEvent): this {
    this.list.push({ kind: 'publish', event });
    return this;
  }

  schedule(timer: string, ms: number, input: I): this {
    this.list.push({ kind: 'schedule', timer, ms: Math.max(0, Math.round(ms)), input });
    return this;
  }

  cancel(timer: string): this {
    this.list.push({ kind: 'cancel', timer });
    return this;
  }

  /** A message of the player protocol (@casino/player-protocol) with its payload as that protocol types it. */
  broadcast<N extends TableMessageName>(name: N, payload: Outgoing<TablePayloads[N]>): this {
    this.list.push({ kind: 'broadcast', name, payload });
    return this;
  }

  /** To one player (operator and player id): never to a namesake of another operator. */
  send<N extends TableMessageName>(to: PlayerIdentity, name: N, payload: Outgoing<TablePayloads[N]>): this {
    this.list.push({ kind: 'send', player: playerKey(to), name, payload });
    return this;
  }

  add(effects: readonly TableEffect<I>[]): this {
    this.list.push(...effects);
    return this;
  }
}
