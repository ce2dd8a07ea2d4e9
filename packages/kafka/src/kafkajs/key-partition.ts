import { PartitionMetadata, Partitioners } from 'kafkajs';

// Built once: a keyed message's partition depends only on its key and the partition count (the partitioner's
// round-robin state serves unkeyed messages only), and building them per call cost more than the murmur2 itself.
const partitioner = Partitioners.DefaultPartitioner();
const metadataOf = new Map<number, PartitionMetadata[]>();

/** The partition of `partitions` a message keyed `key` goes to (the producers' murmur2 partitioner). */
export function kafkaJsKeyPartition(key: string, partitions: number): number {
  let partitionMetadata = metadataOf.get(partitions);
  if (!partitionMetadata)
    metadataOf.set(
      partitions,
      (partitionMetadata = Array.from({ length: partitions }, (_, partitionId) => ({
        partitionId,
        leader: 0,
        replicas: [0],
        isr: [0],
        partitionErrorCode: 0,
        offlineReplicas: [],
      }))),
    );
  return partitioner({ topic: '', partitionMetadata, message: { key, value: null } });
}
