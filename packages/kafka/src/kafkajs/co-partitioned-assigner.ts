// A kafkajs partition assigner that gives partition N of every subscribed topic to the same member, so one member
// gets every message of a key on all the topics keyed alike (docs/services.md, "Tables shared by instances").
import { AssignerProtocol, PartitionAssigner } from 'kafkajs';

export const CO_PARTITIONED_ASSIGNER_NAME = 'CoPartitionedAssigner';

/** Partition `partition` of any topic belongs to `members[partition % members.length]` (member ids sorted). */
export function coPartitionedOwner(sortedMemberIds: readonly string[], partition: number): string {
  return sortedMemberIds[partition % sortedMemberIds.length];
}

export const coPartitionedAssigner: PartitionAssigner = ({ cluster }) => ({
  name: CO_PARTITIONED_ASSIGNER_NAME,
  version: 0,
  async assign({ members, topics }) {
    const memberIds = members.map((m) => m.memberId).sort();
    const assignment: Record<string, Record<string, number[]>> = {};
    for (const id of memberIds) assignment[id] = {};
    for (const topic of topics) {
      for (const { partitionId } of cluster.findTopicPartitionMetadata(topic)) {
        const mine = assignment[coPartitionedOwner(memberIds, partitionId)];
        (mine[topic] ??= []).push(partitionId);
      }
    }
    return memberIds.map((memberId) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({
        version: 0,
        assignment: assignment[memberId],
        userData: Buffer.alloc(0),
      }),
    }));
  },
  protocol({ topics }) {
    return {
      name: CO_PARTITIONED_ASSIGNER_NAME,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});
