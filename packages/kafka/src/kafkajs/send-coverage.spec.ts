import { RecordMetadata } from 'kafkajs';
import { partitionsLeftOut } from './send-coverage';

// Keys whose murmur2 partition of 3 is known (the Java client's: kafkajs's DefaultPartitioner, as the port says).
const KEYS_BY_PARTITION: Record<number, string> = { 0: 'table-5', 1: 'table-1', 2: 'table-0' };

const counts = (n: number) => async (topics: readonly string[]) =>
  new Map(topics.map((t) => [t, n] as const));
const ack = (partition: number, errorCode = 0): RecordMetadata => ({
  topicName: 'bets',
  partition,
  errorCode,
  baseOffset: '0',
});
const batch = [
  { topic: 'bets', messages: [0, 1, 2].map((p) => ({ key: KEYS_BY_PARTITION[p], value: `m${p}` })) },
];

describe('partitionsLeftOut (kafkajs#1303: a send resolved with partitions unwritten)', () => {
  it('the keys used here land where the Java client puts them', async () => {
    for (const p of [0, 1, 2]) {
      const one = [{ topic: 'bets', messages: [{ key: KEYS_BY_PARTITION[p], value: 'x' }] }];
      expect((await partitionsLeftOut(one, [], counts(3))).partitions).toEqual([
        { topic: 'bets', partition: p },
      ]);
    }
  });

  it('nothing when every partition written to is acknowledged', async () => {
    expect(await partitionsLeftOut(batch, [ack(0), ack(1), ack(2)], counts(3))).toEqual({
      partitions: [],
      batch: [],
    });
  });

  it('names a partition the answer leaves out, or acknowledges with an error', async () => {
    expect(await partitionsLeftOut(batch, [ack(0), ack(2)], counts(3))).toEqual({
      partitions: [{ topic: 'bets', partition: 1 }],
      batch: [{ topic: 'bets', messages: [{ key: KEYS_BY_PARTITION[1], value: 'm1' }] }],
    });
    expect((await partitionsLeftOut(batch, [ack(0), ack(1, 6), ack(2)], counts(3))).partitions).toEqual([
      { topic: 'bets', partition: 1 },
    ]);
  });

  it('leaves a topic it has no count for to the broker (nothing to check it against)', async () => {
    expect(await partitionsLeftOut(batch, [], async () => new Map())).toEqual({ partitions: [], batch: [] });
  });
});
