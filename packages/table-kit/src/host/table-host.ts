import { CasinoEvent } from '@casino/events';
import { EventPublisher } from '../kafka/kafka-port';
import { StateStore } from '../state/state-store';
import { Clock, TimerHandle } from '../timers/clock';
import { StepResult, TableEffect, TableMachine } from './table-machine';

const PUBLISH_RETRY_MS = 1000;

/** Where the host delivers messages for players (the WebSocket gateway implements it). */
export interface Broadcaster {
  toTable(tableId: string, name: string, payload: object): void;
  /** `player` is a player key (`playerKey`). */
  toPlayer(player: string, name: string, payload: object): void;
}

export interface TableHostDeps {
  publisher: EventPublisher;
  store: StateStore;
  clock: Clock;
  broadcaster: Broadcaster;
  log: (message: string) => void;
}

/**
 * Runs one table: inputs are applied one at a time (a promise chain), each new state is persisted before its
 * effects run (write-ahead: a restart knows everything that may have been published), then events are
 * published in order, messages delivered and timers set.
 */
export class TableHost<S, I, R> {
  private current: S | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timers = new Map<string, TimerHandle>();
  /** Events of earlier steps that Kafka has not taken yet (kept in order). */
  private readonly unsent: CasinoEvent[] = [];
  private retry: TimerHandle | undefined;
  private stopped = false;

  constructor(
    readonly tableId: string,
    private readonly machine: TableMachine<S, I, R>,
    private readonly deps: TableHostDeps,
  ) {}

  get state(): S {
    if (this.current === undefined) throw new Error(`table ${this.tableId} has not started`);
    return this.current;
  }

  /** Loads the snapshot (resume) or starts fresh (initial). */
  async start(): Promise<void> {
    await this.enqueue(async () => {
      const saved = await this.deps.store.load(this.tableId);
      const restored = saved === undefined ? undefined : this.machine.fromSnapshot(saved);
      if (saved !== undefined && restored === undefined) {
        this.deps.log(`table ${this.tableId}: snapshot unusable, starting fresh`);
      }
      const result = restored === undefined ? this.machine.initial() : this.machine.resume(restored);
      await this.apply(result);
    });
  }

  /** Applies one input after every earlier one; resolves with the machine's reply. */
  dispatch(input: I): Promise<R | undefined> {
    return this.enqueue(async () => {
      if (this.stopped) return undefined;
      const result = this.machine.step(this.state, input);
      await this.apply(result);
      return result.reply;
    });
  }

  /** Stops timers and waits for the input in progress; the snapshot stays for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.retry?.cancel();
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
    await this.chain.catch(() => undefined);
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch((err: Error) =>
      this.deps.log(`table ${this.tableId}: ${err.stack ?? err.message}`),
    );
    return next;
  }

  private async apply(result: StepResult<S, I, R>): Promise<void> {
    const changed = result.state !== this.current || result.effects.length > 0;
    this.current = result.state;
    if (changed) await this.deps.store.save(this.tableId, this.machine.toSnapshot(result.state));
    for (const effect of result.effects) {
      if (effect.kind === 'publish') {
        this.unsent.push(effect.event);
        continue;
      }
      await this.flush();
      this.run(effect);
    }
    await this.flush();
  }

  /**
   * Publishes the events not sent yet, in order. If Kafka refuses (after the client's own retries) they stay
   * queued, the table keeps running (timers, messages) and the queue is retried: a table never stalls on a
   * broker outage and never reorders its events.
   */
  private async flush(): Promise<void> {
    if (this.unsent.length === 0) return;
    const batch = this.unsent.slice();
    try {
      await this.deps.publisher.publish(batch);
      this.unsent.splice(0, batch.length);
    } catch (err) {
      this.deps.log(
        `table ${this.tableId}: ${batch.length} event(s) not published yet: ${(err as Error).message}`,
      );
      if (!this.retry && !this.stopped) {
        this.retry = this.deps.clock.setTimer(PUBLISH_RETRY_MS, () => {
          this.retry = undefined;
          void this.enqueue(() => this.flush()).catch(() => undefined);
        });
      }
    }
  }

  private run(effect: Exclude<TableEffect<I>, { kind: 'publish' }>): void {
    switch (effect.kind) {
      case 'schedule': {
        this.timers.get(effect.timer)?.cancel();
        if (this.stopped) return;
        const handle = this.deps.clock.setTimer(effect.ms, () => {
          if (this.timers.get(effect.timer) !== handle) return;
          this.timers.delete(effect.timer);
          void this.dispatch(effect.input).catch(() => undefined);
        });
        this.timers.set(effect.timer, handle);
        return;
      }
      case 'cancel':
        this.timers.get(effect.timer)?.cancel();
        this.timers.delete(effect.timer);
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
