import { Cluster, GroupState, Logger, PartitionAssigners } from 'kafkajs';
import { staticMemberAssigners } from './static-membership';

interface JoinGroupDefinition {
  protocol(v: { version: number }): (args: object) => { request: { encode(): Promise<{ buffer: Buffer }> } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the kafkajs file the module wraps
const joinGroup = require('kafkajs/src/protocol/requests/joinGroup') as JoinGroupDefinition;

const quiet = { info: () => undefined, error: () => undefined } as unknown as Logger;

/** What a consumer with these assigners announces in its JoinGroup. */
function announced(assigners: ReturnType<typeof staticMemberAssigners>): GroupState[] {
  return assigners.map((a) =>
    a({ cluster: {} as Cluster, groupId: 'g', logger: quiet }).protocol({ topics: ['bets'] }),
  );
}

/** The bytes kafkajs would send for a JoinGroup v5 announcing `groupProtocols`, as text. */
async function joinRequest(groupProtocols: GroupState[]): Promise<string> {
  const { request } = joinGroup.protocol({ version: 5 })({
    groupId: 'ledger-group',
    sessionTimeout: 10_000,
    rebalanceTimeout: 10_000,
    memberId: '',
    protocolType: 'consumer',
    groupProtocols,
  });
  return (await request.encode()).buffer.toString('latin1');
}

describe('static membership', () => {
  it("puts a static member's instance id in its JoinGroup requests, and nobody else's", async () => {
    const member = announced(staticMemberAssigners('slot-7', [PartitionAssigners.roundRobin]));
    const other = announced(staticMemberAssigners('slot-8', [PartitionAssigners.roundRobin]));
    const dynamic = announced([PartitionAssigners.roundRobin]);
    expect(await joinRequest(member)).toContain('slot-7');
    expect(await joinRequest(other)).toContain('slot-8');
    expect(await joinRequest(other)).not.toContain('slot-7');
    expect(await joinRequest(dynamic)).not.toMatch(/slot-/);
    // The protocol announced is the assigner's own.
    expect(member.map((p) => [p.name, p.metadata])).toEqual(dynamic.map((p) => [p.name, p.metadata]));
  });
});
