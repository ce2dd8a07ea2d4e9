import { CasinoEvent } from '@casino/events';
import { StateSealError } from '../state/state-sealing';
import { TableLeaseLost } from '../state/state-store';
import { backoffDelay } from '../timers/backoff';
import { TimerHandle } from '../timers/clock';
import { QueuedStep, stepBatch } from './batch-steps';
import { foldSlipSteps } from './slip-steps';
import { CloseWait } from './close-wait';
import { lateDecisionMessage } from './late-decision';
import { LedgerWatch } from './ledger-watch';
import { availabilityOf, PauseReason, TableAvailability } from './table-availability';
import { StepResult, TableEffect, TableMachine } from './table-machine';
import {
  DEFAULT_HOST_POLICY,
  DEFAULT_SAVE_FAIL_FAST_MS,
  TableHostDeps,
  TableHostPolicy,
} from './table-host-deps';

/** How long a ROUND_UNKNOWN answer waits before the table sees it (and retries the bet). */
export const ROUND_UNKNOWN_RETRY_DELAY_MS = 200;

/** A player's input refused because the table's state cannot be saved now: answered TABLE_PAUSED. */
export class TableSaveUnavailable extends Error {
  readonly code = 'TABLE_PAUSED';

  constructor(tableId: string) {
    super(`table ${tableId} cannot save its state now: paused for the database`);
    this.name = 'TableSaveUnavailable';
  }
}

/** At most this many inputs share one save (bounds the statement and the first input's wait). */
export const MAX_STEPS_PER_SAVE = 500;

/** The timer every game names for "open the next round": held while a dependency is down. */
export const NEXT_ROUND_TIMER = 'next';

/**
 * Runs one table: inputs are applied one at a time (a promise chain). A step is atomic: its new state and its
 * events are committed together (state store + outbox) before anything else happens, and the table's state in
 * memory moves only then; a failed commit is retried with back-off while the table shows `paused`. After the
 * commit the relay publishes the events (never from here: a step does not wait for Kafka), messages go to
 * players and timers are set.
 *
 * While Kafka or the ledger is down the round in play goes on and the next one (timer `next`) is held. At "no
 * more bets" (BettingClosed) a round with bets the ledger has not decided holds its timers, and the BettingClosed
 * itself, until they are decided; if the ledger stays silent for `ledgerTimeoutMs`, the machine is told
 * (`ledgerUnreachable`: it voids the round, and the held close is then never sent). A close held when the host
 * stops is not sent either: the round's result or void closes it at the ledger.
 */
export class TableHost<S, I, R> {
  private current: S | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  /** Inputs waiting for the next save, applied together: one snapshot and one statement for the lot. */
  private openBatch: QueuedStep<S, I, R>[] | undefined;
  private readonly timers = new Map<string, TimerHandle>();
  /** Timers that fired while held, by name, in firing order. */
  private readonly deferred = new Map<string, I>();
  private readonly pauses = new Set<PauseReason>();
  private pausedSince: number | undefined;
  private readonly policy: TableHostPolicy;
  private readonly ledger: LedgerWatch;
  /** The round whose bets the ledger has not decided at its close: every timer waits, and its BettingClosed. */
  private readonly closeWait: CloseWait;
  private ledgerCheck: TimerHandle | undefined;
  private wakeSaveRetry: (() => void) | undefined;
  /** This table's committed events Kafka has not taken yet (a new round waits for them). */
  private readonly unpublished = new Set<string>();
  private readonly unsubscribe: (() => void) | undefined;
  private stopped = false;
  /** Ledger events heard whose step is not applied yet. */
  private fromLedgerInProgress = 0;

  constructor(
    readonly tableId: string,
    private readonly machine: TableMachine<S, I, R>,
    private readonly deps: TableHostDeps,
  ) {
    this.policy = deps.policy ?? DEFAULT_HOST_POLICY;
    this.ledger = new LedgerWatch(this.policy.ledgerTimeoutMs);
    this.closeWait = new CloseWait(
      this.ledger,
      this.policy.ledgerTimeoutMs,
      machine.ledgerUnreachable !== undefined,
      machine.holdsCloseForDecisions === true,
    );
    this.unsubscribe = deps.outbox?.onPublished((entries) => this.published(entries));
  }

  /** Its snapshot is loaded (or its initial state made): `state` can be read. */
  get started(): boolean {
    return this.current !== undefined;
  }

  get state(): S {
    if (this.current === undefined) throw new Error(`table ${this.tableId} has not started`);
    return this.current;
  }

  /** Running, or paused and why (what players are told). */
  get availability(): TableAvailability {
    return availabilityOf(this.pauses, this.pausedSince);
  }

  /**
   * Claims the table and loads its snapshot (resume) or starts fresh (initial), retrying while the store fails.
   * Inputs dispatched meanwhile wait behind it; so does everything until `after` (a former host of the table stopping).
   */
  async start(after?: Promise<void>): Promise<void> {
    await this.enqueue(async () => {
      await after;
      const saved = await this.retrying('not started', async () => {
        await this.deps.store.claim(this.tableId);
        return this.deps.store.load(this.tableId);
      });
      const restored = saved === undefined ? undefined : this.machine.fromSnapshot(saved);
      if (saved !== undefined && restored === undefined) {
        this.deps.log(`table ${this.tableId}: snapshot unusable, starting fresh`);
      }
      const result = restored === undefined ? this.machine.initial() : this.machine.resume(restored);
      await this.apply([result]);
    });
  }

  /** Applies one input after every earlier one; resolves with the machine's reply once its step is saved. */
  dispatch(input: I): Promise<R | undefined> {
    return this.enqueueStep(input);
  }

  /**
   * A player's input, like `dispatch`, except that when its save fails or is not done within `saveFailFastMs` it
   * is refused with TableSaveUnavailable (TABLE_PAUSED) at once and the table pauses for the database, as every
   * input after it is: the first input of an outage is not kept waiting for the driver's timeouts. Its step is
   * dropped (the table's state never moved) unless the save turns out to have been made after all: then it stands,
   * and its events and messages go out as usual.
   */
  dispatchFailFast(input: I): Promise<R | undefined> {
    return this.enqueueStep(input, undefined, true);
  }

  /**
   * A player's bet slip: each input applied in order as by `dispatchFailFast` (they share a save), and the PlaceBet
   * commands they make sent to the ledger as one PlaceBets (host/slip-steps.ts). Resolves with each input's reply,
   * in order; refused as a whole (TableSaveUnavailable) when its save cannot be made now.
   */
  dispatchSlip(inputs: readonly I[]): Promise<(R | undefined)[]> {
    const slip = {};
    return Promise.all(inputs.map((input) => this.enqueueStep(input, undefined, true, slip)));
  }

  /**
   * An event from the ledger for this table, dispatched as `input`: the ledger is reachable. The answer to a
   * command the table was waiting for that the machine did not relay (its round is over) goes to the player here,
   * so every bet gets its answer.
   */
  async dispatchFromLedger(event: CasinoEvent, input: I): Promise<R | undefined> {
    // Counted until its step is applied: a draining instance waits for the players to be told.
    this.fromLedgerInProgress++;
    try {
      return await this.applyFromLedger(event, input);
    } finally {
      this.fromLedgerInProgress--;
    }
  }

  private async applyFromLedger(event: CasinoEvent, input: I): Promise<R | undefined> {
    // The table learns the ledger is back (checkLedger) only once the step is saved: released timers (the deal)
    // must come after the decisions that arrived before them, never ahead of them in the queue.
    const awaited = this.ledger.heard(event, this.deps.clock.now());
    // ROUND_UNKNOWN: the round's RoundOpened is on Kafka but the ledger has not committed it yet (it decides
    // commands and round events concurrently). The machine retries the bet once: a short wait lets it find the round.
    if (event.type === 'BetRejected' && event.code === 'ROUND_UNKNOWN') {
      await new Promise<void>((resolve) => this.deps.clock.setTimer(ROUND_UNKNOWN_RETRY_DELAY_MS, resolve));
    }
    return this.enqueueStep(input, (result) => {
      // Handled by the machine: told the player (send), or retried the command (publish: a ROUND_UNKNOWN retry).
      const handled = result.effects.some((e) => e.kind === 'send' || e.kind === 'publish');
      const late = awaited && !handled ? lateDecisionMessage(event) : undefined;
      if (late) this.deps.broadcaster.toPlayer(late.player, late.name, late.payload);
    });
  }

  /** Kafka's reachability, as the relay sees it. */
  kafkaReachable(reachable: boolean): void {
    this.setPause('kafka', !reachable);
  }

  /**
   * The instance is draining: bets are refused (TABLE_PAUSED, pausedFor `moving`, which its players are told) and no
   * new round opens here; the round in play and the decisions of bets already sent go on.
   */
  beginMove(): void {
    if (!this.stopped) this.setPause('moving', true);
  }

  /**
   * How many bet commands of this table wait for the ledger's decision; none while a dependency is down (no
   * decision can come: the next holder of the table gets them).
   */
  get awaitingDecisions(): number {
    const dependencyDown = [...this.pauses].some((reason) => reason !== 'moving');
    return this.stopped || dependencyDown ? 0 : this.ledger.waiting + this.fromLedgerInProgress;
  }

  /** Resolves once every input queued so far (and any queued meanwhile) has been applied. */
  async settle(): Promise<void> {
    let chain: Promise<unknown>;
    do {
      chain = this.chain;
      await chain.catch(() => undefined);
    } while (chain !== this.chain);
  }

  /** Stops timers and waits for the input in progress; the snapshot stays for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.ledgerCheck?.cancel();
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    this.deferred.clear();
    this.wakeSaveRetry?.();
    await this.chain.catch(() => undefined);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    // Inputs dispatched after this work must not join a batch queued before it.
    this.openBatch = undefined;
    const next = this.chain.then(work, work);
    this.chain = next.catch((err: Error) =>
      this.deps.log(`table ${this.tableId}: ${err.stack ?? err.message}`),
    );
    return next;
  }

  /**
   * Queues an input. Inputs that arrive while the table is busy (the last seconds of a betting window) wait in one
   * batch: each is applied in order in memory, then the batch's final state and all its events are saved in one
   * commit, so the cost of a save (the whole snapshot) is shared by the batch instead of paid per bet.
   */
  private enqueueStep(
    input: I,
    after?: (result: StepResult<S, I, R>) => void,
    failFast = false,
    slip?: object,
  ): Promise<R | undefined> {
    return new Promise<R | undefined>((resolve, reject) => {
      const step: QueuedStep<S, I, R> = { input, after, resolve, reject, failFast, slip };
      // A batch is all players' inputs or none: only those may be dropped when their save cannot be made.
      const joinable = this.openBatch !== undefined && (this.openBatch[0]?.failFast ?? false) === failFast;
      if (this.openBatch && joinable && this.openBatch.length < MAX_STEPS_PER_SAVE) {
        this.openBatch.push(step);
        return;
      }
      const batch = [step];
      this.enqueue(() => {
        if (this.openBatch === batch) this.openBatch = undefined;
        return this.runBatch(batch);
      }).catch((err: Error) => {
        for (const s of batch) s.reject(err);
      });
      this.openBatch = batch;
    });
  }

  private async runBatch(batch: readonly QueuedStep<S, I, R>[]): Promise<void> {
    if (this.stopped) {
      for (const s of batch) s.resolve(undefined);
      return;
    }
    const stepped = stepBatch(this.machine, this.state, batch);
    const { failed } = stepped;
    const applied = foldSlipSteps(stepped.applied);
    for (const { step, err } of failed) {
      this.deps.log(`table ${this.tableId}: ${err.stack ?? err.message}`);
      step.reject(err);
    }
    const refuse = () => {
      const err = new TableSaveUnavailable(this.tableId);
      for (const { step } of applied) step.reject(err);
    };
    await this.apply(
      applied.map((a) => a.result),
      (i) => applied[i].step.after?.(applied[i].result),
      batch[0]?.failFast ? refuse : undefined,
    );
    for (const { step, result } of applied) step.resolve(result.reply);
  }

  /**
   * Saves the steps' last state with all their events (one commit), then runs each step's effects in order;
   * `afterStep` runs after step i's effects.
   */
  private async apply(
    results: readonly StepResult<S, I, R>[],
    afterStep?: (i: number) => void,
    refuse?: () => void,
  ): Promise<void> {
    if (results.length === 0) return;
    const last = results[results.length - 1].state;
    const changed = last !== this.current || results.some((r) => r.effects.length > 0);
    const events = results.flatMap((r) => r.effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : [])));
    let added: string[] = [];
    if (changed && refuse) {
      const saved = await this.commitFailFast(this.machine.toSnapshot(last), events, refuse);
      if (saved === undefined) {
        // Dropped: the state stays as it was. Saved again (nothing new) until the database answers.
        await this.commit(this.machine.toSnapshot(this.state), []);
        return;
      }
      added = saved;
    }
    const { committed, held } = this.closeWait.toCommit(events);
    if (changed && !refuse) added = await this.commit(this.machine.toSnapshot(last), committed);
    this.current = last;
    const now = this.deps.clock.now();
    if (changed) this.deps.watcher?.committed(events, now);
    for (const event of committed) this.ledger.sent(event, now);
    // Events already in the outbox (emitted again after a restart) are not waited for: they may be long sent.
    if (this.deps.outbox) for (const id of added) this.unpublished.add(id);
    results.forEach((result, i) => {
      for (const effect of result.effects) if (effect.kind !== 'publish') this.run(effect);
      afterStep?.(i);
    });
    if (committed.length > 0) this.deps.outbox?.wake();
    this.closeWait.committed(events, held);
    this.checkLedger();
  }

  /** The BettingClosed a round waited with, committed (after what is queued) before the timers held for it fire. */
  private async commitHeldClose(): Promise<void> {
    const close = this.closeWait.takeHeld();
    if (!close || this.stopped) return;
    const added = await this.commit(this.machine.toSnapshot(this.state), [close]);
    if (this.deps.outbox) for (const id of added) this.unpublished.add(id);
    this.deps.outbox?.wake();
  }

  /**
   * One attempt to save players' inputs: done in time, its new ids; failed or late, the inputs are refused now
   * (`refuse`) and the table pauses for the database; then, once the attempt settles, its ids if it was made after
   * all, or undefined (nothing was saved: the step is dropped). Players' inputs publish no BettingClosed, so nothing
   * is held for the close here.
   */
  private async commitFailFast(
    snapshot: unknown,
    events: readonly CasinoEvent[],
    refuse: () => void,
  ): Promise<string[] | undefined> {
    type Settled = { ok: true; added: string[] } | { ok: false; err: unknown };
    const attempt: Promise<Settled> = this.deps.store.commit(this.tableId, snapshot, events).then(
      (added) => ({ ok: true, added }),
      (err: unknown) => ({ ok: false, err }),
    );
    let timer: TimerHandle | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = this.deps.clock.setTimer(this.policy.saveFailFastMs ?? DEFAULT_SAVE_FAIL_FAST_MS, () =>
        resolve(undefined),
      );
    });
    const first = await Promise.race([attempt, late]);
    timer?.cancel();
    if (!first?.ok) {
      this.setPause('database', true);
      refuse();
    }
    const settled = first ?? (await attempt);
    if (settled.ok) {
      this.setPause('database', false);
      return settled.added;
    }
    // A lost lease or a state that cannot be sealed is not an outage: handled as any save's.
    if (settled.err instanceof TableLeaseLost || settled.err instanceof StateSealError)
      return this.commit(snapshot, events);
    this.deps.log(
      `table ${this.tableId}: players' inputs not saved, refused TABLE_PAUSED: ${(settled.err as Error).message}`,
    );
    return undefined;
  }

  /** Saves the step (state and events together), retrying with back-off; the table is paused meanwhile. */
  private commit(snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    return this.retrying('step not saved', () => this.deps.store.commit(this.tableId, snapshot, events));
  }

  /**
   * Runs `work` until it succeeds, with back-off, the table paused for the database meanwhile. A lost lease is not
   * retried (the table stops here: another instance runs it now), nor a state that cannot be opened.
   */
  private async retrying<T>(what: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const done = await work();
        this.setPause('database', false);
        return done;
      } catch (err) {
        if (err instanceof TableLeaseLost) {
          this.deps.log(`table ${this.tableId}: taken over by another instance, stopping here`);
          this.deps.leaseLost?.(this.tableId);
          throw err;
        }
        // A saved state that cannot be opened (another key, altered bytes) does not heal by waiting.
        if (err instanceof StateSealError) throw err;
        if (this.stopped) throw new Error(`stopped, ${what}: ${(err as Error).message}`);
        const delay = backoffDelay(this.policy.saveRetry, attempt);
        if (attempt === 1 || attempt % 20 === 0) {
          this.deps.log(
            `table ${this.tableId}: ${what} (attempt ${attempt}, retry in ${delay} ms): ${(err as Error).message}`,
          );
        }
        this.setPause('database', true);
        await this.sleep(delay);
        if (this.stopped) throw new Error(`stopped, ${what}: ${(err as Error).message}`);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.deps.clock.setTimer(ms, () => done());
      const done = () => {
        timer.cancel();
        this.wakeSaveRetry = undefined;
        resolve();
      };
      this.wakeSaveRetry = done;
    });
  }

  private setPause(reason: PauseReason, on: boolean): void {
    if (this.pauses.has(reason) === on) return;
    if (on) this.pauses.add(reason);
    else this.pauses.delete(reason);
    if (on && this.pauses.size === 1) this.pausedSince = this.deps.clock.now();
    if (this.pauses.size === 0) this.pausedSince = undefined;
    this.deps.log(`table ${this.tableId}: ${on ? 'paused for' : 'no longer paused for'} ${reason}`);
    this.deps.broadcaster.toTable(this.tableId, 'table:status', {
      tableId: this.tableId,
      ...this.availability,
    });
    if (!on) this.releaseDeferred();
  }

  /**
   * Re-evaluates the ledger: paused while it is unreachable (or catching up with what waited). A round waiting
   * at its close goes on once its bets are decided; it is reported to the machine once the ledger is silent
   * past the timeout; while the ledger answers (behind with a burst) it waits, up to CLOSE_WAIT_TIMEOUTS.
   */
  private checkLedger(): void {
    if (this.stopped) return;
    const now = this.deps.clock.now();
    const unreachable = this.ledger.unreachable(now);
    this.setPause('ledger', unreachable || this.ledger.catchingUp(now));
    const verdict = this.closeWait.check(now, unreachable);
    // A silent ledger's round: its held close waits for what the machine does (a void goes without it).
    if (verdict.kind === 'go-on') void this.enqueue(() => this.commitHeldClose()).catch(() => undefined);
    if (verdict.kind === 'ledger-silent') {
      void this.enqueue(() => this.ledgerUnreachable(verdict.round)).catch(() => undefined);
    } else if (verdict.kind === 'go-on') {
      if (verdict.gaveUp)
        this.deps.log(
          `table ${this.tableId}: round ${verdict.round} goes on with bets the ledger has not decided yet`,
        );
      this.releaseDeferred();
    }
    this.ledgerCheck?.cancel();
    const watched = this.ledger.nextCheck(now);
    const giveUpAt = verdict.kind === 'wait' ? verdict.until : undefined;
    const next = giveUpAt !== undefined && (watched === undefined || giveUpAt < watched) ? giveUpAt : watched;
    this.ledgerCheck =
      next === undefined ? undefined : this.deps.clock.setTimer(next - now, () => this.checkLedger());
  }

  /**
   * The ledger is silent past the timeout with bets of `roundId` undecided: the machine is told (it voids the round
   * unless its result is out). A void of the round goes to the ledger without the close held for it: nothing of
   * the round after "no more bets" has left the table, so the ledger still has the round open and refunds its
   * stakes (a void after a close it applied would wait for a pit boss, docs/ledger.md#voids-after-betting-closed).
   * Otherwise the held close is committed after the step.
   */
  private async ledgerUnreachable(roundId: string): Promise<void> {
    if (!this.stopped && this.machine.ledgerUnreachable) {
      this.deps.log(`table ${this.tableId}: the ledger has not decided the bets of round ${roundId}`);
      const result = this.machine.ledgerUnreachable(this.state, roundId);
      const voids = result.effects.some(
        (e) => e.kind === 'publish' && e.event.type === 'RoundVoided' && e.event.roundId === roundId,
      );
      if (voids) this.closeWait.dropHeld(roundId);
      await this.apply([result]);
    }
    await this.commitHeldClose();
    this.releaseDeferred();
  }

  private published(entries: readonly { tableId: string; eventId: string }[]): void {
    let mine = false;
    for (const e of entries)
      if (e.tableId === this.tableId) mine = this.unpublished.delete(e.eventId) || mine;
    if (mine && this.unpublished.size === 0) this.releaseDeferred();
  }

  /** A new round opens only when no dependency is down and Kafka has every event of the table's last round. */
  private nextRoundHeld(): boolean {
    return this.pauses.size > 0 || this.unpublished.size > 0;
  }

  private fire(timer: string, input: I): void {
    const held = this.closeWait.waiting || (timer === NEXT_ROUND_TIMER && this.nextRoundHeld());
    if (held) this.deferred.set(timer, input);
    else void this.dispatch(input).catch(() => undefined);
  }

  /** Fires the timers held back, in order, that nothing holds any more. */
  private releaseDeferred(): void {
    for (const [timer, input] of [...this.deferred]) {
      if (this.closeWait.waiting) return;
      if (timer === NEXT_ROUND_TIMER && this.nextRoundHeld()) continue;
      this.deferred.delete(timer);
      void this.dispatch(input).catch(() => undefined);
    }
  }

  private run(effect: Exclude<TableEffect<I>, { kind: 'publish' }>): void {
    switch (effect.kind) {
      case 'schedule': {
        this.timers.get(effect.timer)?.cancel();
        this.deferred.delete(effect.timer);
        if (this.stopped) return;
        const handle = this.deps.clock.setTimer(effect.ms, () => {
          if (this.timers.get(effect.timer) !== handle) return;
          this.timers.delete(effect.timer);
          this.fire(effect.timer, effect.input);
        });
        this.timers.set(effect.timer, handle);
        return;
      }
      case 'cancel':
        this.timers.get(effect.timer)?.cancel();
        this.timers.delete(effect.timer);
        this.deferred.delete(effect.timer);
        return;
      case 'broadcast':
        this.deps.broadcaster.toTable(this.tableId, effect.name, effect.payload);
        return;
      case 'send':
        this.deps.broadcaster.toPlayer(effect.player, effect.name, effect.payload);
        return;
    }
  }
}
