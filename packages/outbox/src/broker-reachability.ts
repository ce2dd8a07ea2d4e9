import { RelayClock, RelayLog } from './ports';

/**
 * Whether the broker answers, as the relay's sends tell it: a failed send (not a refusal, which is an answer) or one
 * overdue marks it unreachable, the next success reachable again; listeners hear every change.
 */
export class BrokerReachability {
  private reachable = true;
  private downSince: number | undefined;
  private readonly listeners = new Set<(reachable: boolean) => void>();

  constructor(
    private readonly clock: RelayClock,
    private readonly log: RelayLog,
  ) {}

  get isReachable(): boolean {
    return this.reachable;
  }

  /** Since when the broker has been unreachable, if it is. */
  get unreachableSince(): number | undefined {
    return this.downSince;
  }

  /** Called with every change; returns a function that removes the listener. */
  listen(listener: (reachable: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(reachable: boolean, why?: string): void {
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    this.downSince = reachable ? undefined : this.clock.now();
    this.log.warn(reachable ? 'Kafka reachable again' : `Kafka unreachable: ${why ?? 'unknown'}`);
    for (const listener of this.listeners) listener(reachable);
  }
}
