import { OffsetBatcher, PartitionOffset } from './offset.batcher';

describe('OffsetBatcher', () => {
  it('sends the offsets of one tick in one request and resolves each caller after it', async () => {
    const sent: PartitionOffset[][] = [];
    const batcher = new OffsetBatcher(async (list) => {
      sent.push(list);
    });
    await Promise.all([
      batcher.commit({ topic: 't', partition: 0, offset: '5' }),
      batcher.commit({ topic: 't', partition: 1, offset: '9' }),
    ]);
    await batcher.commit({ topic: 't', partition: 0, offset: '6' });
    expect(sent).toEqual([
      [
        { topic: 't', partition: 0, offset: '5' },
        { topic: 't', partition: 1, offset: '9' },
      ],
      [{ topic: 't', partition: 0, offset: '6' }],
    ]);
  });

  it('rejects every caller of a failed request', async () => {
    const batcher = new OffsetBatcher(() => Promise.reject(new Error('rebalancing')));
    const results = await Promise.allSettled([
      batcher.commit({ topic: 't', partition: 0, offset: '1' }),
      batcher.commit({ topic: 't', partition: 1, offset: '1' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
