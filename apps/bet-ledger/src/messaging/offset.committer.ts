export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Commits consumed offsets to Kafka in the background, off the path of the next fetch. Callers hand in an
 * offset only after its batch's database commit; this keeps the newest offset of each partition and sends them
 * all in one OffsetCommit request, one request at a time, so a later offset is never overwritten by an earlier
 * one. A failed or lost commit (a rebalance, a crash) only makes Kafka redeliver batches that the processed-event
 * ids then skip, so a failure is reported, not retried.
 */
export class OffsetCommitter {
  private pending = new Map<string, PartitionOffset>();
  private inFlight?: Promise<void>;

  constructor(
    private readonly send: (offsets: PartitionOffset[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  commit(offset: PartitionOffset): void {
    const key = `${offset.topic}\u0000${offset.partition}`;
    const known = this.pending.get(key);
    if (!known || BigInt(offset.offset) > BigInt(known.offset)) this.pending.set(key, offset);
    if (!this.inFlight) this.inFlight = this.sendPending();
  }

  /** Resolves once every offset handed in so far has been sent (or has failed). */
  async drain(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private async sendPending(): Promise<void> {
    // The batches of one fetch finish in the same tick: let them all join the first request.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size > 0) {
      const offsets = [...this.pending.values()];
      this.pending = new Map();
      await this.send(offsets).catch(this.onError);
    }
    this.inFlight = undefined;
  }
}
