// kafkajs 2 has no `group.instance.id` option, although its JoinGroup v5 request encodes the field (null). This
// module fills it in. A static member's partition assigners are wrapped so that each protocol they announce carries
// the member's instance id (under a symbol the encoder ignores); kafkajs builds a consumer's JoinGroup requests
// (first join, rejoins after a rebalance or a crash) from that consumer's own assigners, and the wrapped JoinGroup
// definition reads the id from there. Other requests carry only the member id, which a broker accepts from a static
// member (it checks the instance id only when one is sent). No async context: once an AsyncLocalStorage is used,
// every promise of the process pays for async hooks.
import type { GroupState, PartitionAssigner } from 'kafkajs';

interface JoinGroupArgs {
  groupId: string;
  groupInstanceId?: string | null;
  groupProtocols?: readonly Announced[];
}
type JoinGroupVersion = (args: JoinGroupArgs) => unknown;
interface JoinGroupDefinition {
  protocol(v: { version: number }): JoinGroupVersion;
}

const INSTANCE_ID = Symbol('groupInstanceId');
type Announced = GroupState & { [INSTANCE_ID]?: string };

let installed = false;

/** kafkajs's own JoinGroup definition: brokers look it up at every join, so wrapping it once is enough. */
function install(): void {
  if (installed) return;
  installed = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file kafkajs does not type or export
  const definition = require('kafkajs/src/protocol/requests/joinGroup') as JoinGroupDefinition;
  const protocol = definition.protocol.bind(definition);
  definition.protocol = ({ version }) => {
    const request = protocol({ version });
    // v5 (Kafka 2.3) is the first with the field; an older broker gets a dynamic member.
    if (version < 5) return request;
    return (args) =>
      request({
        ...args,
        groupInstanceId: args.groupProtocols?.find((p) => p[INSTANCE_ID])?.[INSTANCE_ID] ?? null,
      });
  };
}

/** The assigners of a static member `instanceId`: its JoinGroup requests carry the id. */
export function staticMemberAssigners(
  instanceId: string,
  assigners: readonly PartitionAssigner[],
): PartitionAssigner[] {
  install();
  return assigners.map((assigner) => (config) => {
    const inner = assigner(config);
    return {
      ...inner,
      protocol: (subscription): Announced => ({ ...inner.protocol(subscription), [INSTANCE_ID]: instanceId }),
    };
  });
}
