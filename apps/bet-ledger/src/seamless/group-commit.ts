interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * Group commit: what is submitted while a flush runs waits and goes with the next one, so under load many items
 * share one transaction and alone an item goes at once. A failed group is tried again one item at a time, so an
 * item that cannot be applied fails alone and never takes its neighbours with it.
 */
export class GroupCommit<T, R> {
  private queue: Waiting<T, R>[] = [];
  private flushing = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly maxItems: number,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    if (this.flushing || this.queue.length === 0) return;
    this.flushing = true;
    const group = this.queue.splice(0, this.maxItems);
    void this.run(group).finally(() => {
      this.flushing = false;
      this.drain();
    });
  }

  private async run(group: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.flush(group.map((w) => w.item));
      group.forEach((w, i) => w.resolve(results[i] as R));
    } catch (err) {
      if (group.length === 1) {
        group[0]?.reject(err);
        return;
      }
      for (const w of group) await this.run([w]);
    }
  }
}
