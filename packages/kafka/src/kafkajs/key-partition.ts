import { Partitioners } from 'kafkajs';

/** The partition of `partitions` a message keyed `key` goes to (the producers' murmur2 partitioner). */
export function kafkaJsKeyPartition(key: string, partitions: number): number {
  const partitioner = Partitioners.DefaultPartitioner();
  return partitioner({
    topic: '',
    partitionMetadata: Array.from({ length: partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      replicas: [0],
      isr: [0],
      partitionErrorCode: 0,
      offlineReplicas: [],
    })),
    message: { key, value: null },
  });
}
