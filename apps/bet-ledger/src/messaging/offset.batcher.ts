export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

interface Waiting {
  offset: PartitionOffset;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Commits the offsets of batches that finish together (one CommandCombiner group resolves all of its batches in
 * the same tick) in one OffsetCommit request instead of one request per partition. Each caller's promise settles
 * only when its own offset's request does, so an offset is still committed only after its database commit and
 * the caller still learns of a failed commit.
 */
export class OffsetBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly send: (offsets: PartitionOffset[]) => Promise<void>) {}

  commit(offset: PartitionOffset): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ offset, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    try {
      await this.send(group.map((w) => w.offset));
      group.forEach((w) => w.resolve());
    } catch (err) {
      group.forEach((w) => w.reject(err));
    }
  }
}
