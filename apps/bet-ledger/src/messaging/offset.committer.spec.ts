import { OffsetCommitter, PartitionOffset } from './offset.committer';

const at = (partition: number, offset: string): PartitionOffset => ({ topic: 't', partition, offset });

describe('OffsetCommitter', () => {
  it('sends the offsets of one tick in one request, and one request at a time', async () => {
    const sent: PartitionOffset[][] = [];
    let release!: () => void;
    const committer = new OffsetCommitter(
      (list) => {
        sent.push(list);
        return sent.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      () => undefined,
    );
    committer.commit(at(0, '5'));
    committer.commit(at(1, '9'));
    await new Promise((r) => setImmediate(r));
    // While the first request is out, partition 0 moves twice: only its newest offset goes next.
    committer.commit(at(0, '7'));
    committer.commit(at(0, '6'));
    expect(sent).toHaveLength(1);
    release();
    await committer.drain();
    expect(sent).toEqual([[at(0, '5'), at(1, '9')], [at(0, '7')]]);
  });

  it('reports a failed request and goes on with later offsets', async () => {
    const errors: unknown[] = [];
    const sent: PartitionOffset[][] = [];
    const committer = new OffsetCommitter(
      (list) => (
        sent.push(list),
        sent.length === 1 ? Promise.reject(new Error('rebalancing')) : Promise.resolve()
      ),
      (err) => errors.push(err),
    );
    committer.commit(at(0, '1'));
    await committer.drain();
    committer.commit(at(0, '2'));
    await committer.drain();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual([[at(0, '1')], [at(0, '2')]]);
  });

  it('sends at most one request per interval, gathering what arrives meanwhile; drain sends at once', async () => {
    const sent: PartitionOffset[][] = [];
    const committer = new OffsetCommitter(
      async (list) => {
        sent.push(list);
      },
      () => undefined,
      60_000,
    );
    committer.commit(at(0, '1'));
    await new Promise((r) => setTimeout(r, 10));
    committer.commit(at(0, '2'));
    committer.commit(at(1, '4'));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([[at(0, '1')]]);
    await committer.drain();
    expect(sent).toEqual([[at(0, '1')], [at(0, '2'), at(1, '4')]]);
  });
});
