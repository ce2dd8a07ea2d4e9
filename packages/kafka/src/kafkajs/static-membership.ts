// kafkajs 2 has no `group.instance.id` option, although its JoinGroup v5 request encodes the field (null). This
// module fills it in for the consumers that have one: the adapter runs such a consumer's fetch loop inside an
// async context holding the id, and every JoinGroup that loop sends (first join, rejoins after a rebalance or a
// crash) reads it from there. Other requests carry only the member id, which a broker accepts from a static
// member (it checks the instance id only when one is sent).
import { AsyncLocalStorage } from 'node:async_hooks';

interface JoinGroupArgs {
  groupId: string;
  groupInstanceId?: string | null;
}
type JoinGroupVersion = (args: JoinGroupArgs) => unknown;
interface JoinGroupDefinition {
  protocol(v: { version: number }): JoinGroupVersion;
}

const instanceIds = new AsyncLocalStorage<string>();
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
    return (args) => request({ ...args, groupInstanceId: instanceIds.getStore() ?? null });
  };
}

/** Runs `start` (a consumer's run) so that its joins carry `instanceId`; without one, as it is. */
export function withGroupInstanceId<T>(instanceId: string | undefined, start: () => T): T {
  if (instanceId === undefined) return start();
  install();
  return instanceIds.run(instanceId, start);
}
