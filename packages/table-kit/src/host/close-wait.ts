import { BettingClosedEvent, CasinoEvent } from '@casino/events';
import { LedgerWatch } from './ledger-watch';

/**
 * How many ledger timeouts a round's close waits, after its last bet was sent, for a ledger that is answering
 * but behind (a burst of bets at the end of the window); past that the round goes on and the late answers are
 * relayed when they come.
 */
export const CLOSE_WAIT_TIMEOUTS = 3;

/** What a waiting round does now: waits (`until` its give-up time), goes on, or is reported (the ledger is silent). */
export type CloseWaitVerdict =
  | { kind: 'wait'; until: number | undefined }
  | { kind: 'go-on'; round: string; gaveUp: boolean }
  | { kind: 'ledger-silent'; round: string };

const isCommand = (e: CasinoEvent) =>
  e.type === 'PlaceBet' || e.type === 'PlaceBets' || e.type === 'CancelBet';

/**
 * A table's round at "no more bets" whose bets the ledger has not all decided: its timers wait (the host asks
 * `waiting`), and so does its BettingClosed, kept out of the outbox (`held`). Bet commands and round events travel
 * on two topics, so the ledger could read the close before bets the table sent ahead of it and reject them as late
 * (LATE_BET): the close goes to the ledger once they are decided, or once the round stops waiting.
 */
export class CloseWait {
  private round: string | undefined;
  private held: BettingClosedEvent | undefined;

  /**
   * `holdsClose`: whether the close itself waits (see TableMachine.holdsCloseForDecisions); `waits`: whether the
   * machine can be told of a silent ledger at all (without it no round waits).
   */
  constructor(
    private readonly ledger: LedgerWatch,
    private readonly timeoutMs: number,
    private readonly waits: boolean,
    private readonly holdsClose: boolean,
  ) {}

  /** Whether a round waits at its close (every timer waits with it). */
  get waiting(): boolean {
    return this.round !== undefined;
  }

  /**
   * A step's events as they are to be committed: without a close to hold back (returned as `held`), and behind a
   * close held before when a round event comes first (a studio dealer's cards are inputs, not timers).
   */
  toCommit(events: readonly CasinoEvent[]): { committed: readonly CasinoEvent[]; held?: BettingClosedEvent } {
    const held = this.closeToHold(events);
    let committed = held ? events.filter((e) => e !== held) : events;
    if (this.held && committed.some((e) => !isCommand(e))) {
      committed = [this.held, ...committed];
      this.held = undefined;
    }
    return { committed, held };
  }

  /** After the step's commit, its commands watched: a close with undecided bets (or one held) makes its round wait. */
  committed(events: readonly CasinoEvent[], held: BettingClosedEvent | undefined): void {
    const closed = held ?? events.find((e): e is BettingClosedEvent => e.type === 'BettingClosed');
    if (closed && this.waits && (held || this.ledger.pendingIn(closed.roundId))) {
      this.round = closed.roundId;
      this.held = held;
    }
  }

  /**
   * Whether the waiting round goes on (its bets decided, or the ledger behind past CLOSE_WAIT_TIMEOUTS after its
   * last bet) or is reported (a bet due and the ledger silent). Either ends the wait; its close, if held, is
   * then the host's to commit (`takeHeld`) ahead of the timers it releases.
   */
  check(now: number, ledgerUnreachable: boolean): CloseWaitVerdict {
    const round = this.round;
    if (round === undefined) return { kind: 'wait', until: undefined };
    const lastSent = this.ledger.lastSentIn(round);
    const giveUpAt = lastSent === undefined ? undefined : lastSent + CLOSE_WAIT_TIMEOUTS * this.timeoutMs;
    let verdict: CloseWaitVerdict;
    if (giveUpAt === undefined) verdict = { kind: 'go-on', round, gaveUp: false };
    else if (this.ledger.dueIn(round, now) && ledgerUnreachable) verdict = { kind: 'ledger-silent', round };
    else if (giveUpAt <= now) verdict = { kind: 'go-on', round, gaveUp: true };
    else return { kind: 'wait', until: giveUpAt };
    this.round = undefined;
    return verdict;
  }

  /** The close held back, once: a step's round event may have taken it along already (see toCommit). */
  takeHeld(): BettingClosedEvent | undefined {
    const held = this.held;
    this.held = undefined;
    return held;
  }

  /**
   * The close held for `roundId` is never to be sent: the round is voided while nothing of it after the close has
   * left the table, so the void alone closes it at the ledger (an open round's void refunds without approval).
   */
  dropHeld(roundId: string): void {
    if (this.held?.roundId === roundId) this.held = undefined;
  }

  /** The close of these events to keep back: its round has undecided bets, and the events do not end the round. */
  private closeToHold(events: readonly CasinoEvent[]): BettingClosedEvent | undefined {
    const close = events.find((e): e is BettingClosedEvent => e.type === 'BettingClosed');
    if (!close || !this.waits || !this.holdsClose) return undefined;
    const inRound = (e: CasinoEvent) => 'roundId' in e && e.roundId === close.roundId;
    if (events.some((e) => (e.type === 'RoundResult' || e.type === 'RoundVoided') && inRound(e)))
      return undefined;
    return this.ledger.pendingIn(close.roundId) || events.some((e) => isCommand(e) && inRound(e))
      ? close
      : undefined;
  }
}
