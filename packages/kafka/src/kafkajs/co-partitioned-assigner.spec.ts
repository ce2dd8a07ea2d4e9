import { AssignerProtocol, Cluster, Logger } from 'kafkajs';
import { kafkaJsKeyPartition as keyPartition } from './key-partition';
import { coPartitionedAssigner } from './co-partitioned-assigner';

function assignerFor(partitions: Record<string, number>) {
  const cluster = {
    findTopicPartitionMetadata: (topic: string) =>
      Array.from({ length: partitions[topic] }, (_, partitionId) => ({ partitionId })),
  } as unknown as Cluster;
  return coPartitionedAssigner({ cluster, groupId: 'g', logger: {} as Logger });
}

async function assign(memberIds: string[], partitions: Record<string, number>) {
  const result = await assignerFor(partitions).assign({
    members: memberIds.map((memberId) => ({ memberId, memberMetadata: Buffer.alloc(0) })),
    topics: Object.keys(partitions),
  });
  return Object.fromEntries(
    result.map((r) => [r.memberId, AssignerProtocol.MemberAssignment.decode(r.memberAssignment)!.assignment]),
  );
}

describe('co-partitioned assigner', () => {
  it('gives partition N of every topic to one member, spreading the partitions over the members', async () => {
    const out = await assign(['m-b', 'm-a'], { decisions: 6, settlements: 6, finals: 6 });
    expect(out['m-a']).toEqual({ decisions: [0, 2, 4], settlements: [0, 2, 4], finals: [0, 2, 4] });
    expect(out['m-b']).toEqual({ decisions: [1, 3, 5], settlements: [1, 3, 5], finals: [1, 3, 5] });
  });

  it('gives everything to a lone member, and nothing twice to three', async () => {
    expect(await assign(['solo'], { a: 3, b: 3 })).toEqual({ solo: { a: [0, 1, 2], b: [0, 1, 2] } });
    const three = await assign(['x', 'y', 'z'], { a: 6 });
    expect(
      Object.values(three)
        .flatMap((m) => m.a)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    expect(three.x.a).toEqual([0, 3]);
  });
});

describe('keyPartition', () => {
  it("is the Java client's partition: toPositive(murmur2(key)) % partitions", () => {
    // murmur2 in Kafka's own UtilsTest: abc 479470107, foobar -790332482, a-little-bit-long-string -985981536.
    expect(keyPartition('abc', 1000)).toBe(107);
    expect(keyPartition('foobar', 1000)).toBe((-790332482 & 0x7fffffff) % 1000);
    expect(keyPartition('a-little-bit-long-string', 6)).toBe((-985981536 & 0x7fffffff) % 6);
  });
});
