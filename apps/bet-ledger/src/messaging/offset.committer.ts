export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Commits consumed offsets to Kafka in the background, off the path of the next fetch. Callers hand in an
 * offset only after its batch's database commit; this keeps the newest offset of each partition and sends them
 * all in one OffsetCommit request, one request at a time and at most one per `minIntervalMs`, so a later offset
 * is never overwritten by an earlier one and the broker is not asked on every batch. A failed, late or lost
 * commit (a rebalance, a crash) only makes Kafka redeliver batches that the processed-event ids then skip, so a
 * failure is reported, not retried.
 */
export class OffsetCommitter {
  private pending = new Map<string, PartitionOffset>();
  private inFlight?: Promise<void>;
  private lastSentAt = 0;
  private draining = false;
  private wakeUp?: () => void;

  constructor(
    private readonly send: (offsets: PartitionOffset[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly minIntervalMs = 0,
  ) {}

  commit(offset: PartitionOffset): void {
    const key = `${offset.topic}\u0000${offset.partition}`;
    const known = this.pending.get(key);
    if (!known || BigInt(offset.offset) > BigInt(known.offset)) this.pending.set(key, offset);
    if (!this.inFlight) this.inFlight = this.sendPending();
  }

  /** Sends every offset handed in so far at once, without waiting for the interval. */
  async drain(): Promise<void> {
    this.draining = true;
    this.wakeUp?.();
    try {
      while (this.inFlight) await this.inFlight;
    } finally {
      this.draining = false;
    }
  }

  private async sendPending(): Promise<void> {
    // The batches of one fetch finish in the same tick: let them all join the first request.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size > 0) {
      const wait = this.lastSentAt + this.minIntervalMs - Date.now();
      if (wait > 0 && !this.draining) await this.pause(wait);
      const offsets = [...this.pending.values()];
      this.pending = new Map();
      this.lastSentAt = Date.now();
      await this.send(offsets).catch(this.onError);
    }
    this.inFlight = undefined;
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    }).then(() => {
      this.wakeUp = undefined;
    });
  }
}
