// A static member (group.instance.id) against the real broker: killed without leaving its group, it is replaced at
// once by a consumer with its id, where a dynamic one waits for the dead member's session to time out. The killed
// member is a child process on the built package (dist/): a SIGKILL sends no LeaveGroup.
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createKafkaClient, deleteTopics, ensureTopics, KafkaConsumer, requireKafkaSecurity } from '../src';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
const SESSION_TIMEOUT_MS = 20_000;

/** Node code that joins `groupId` as static member `instanceId` on `topic` and says so. */
const MEMBER = `
const { createKafkaClient, requireKafkaSecurity } = require(process.argv[1]);
const [groupId, instanceId, topic, brokers, sessionTimeoutMs] = process.argv.slice(2);
(async () => {
  const client = createKafkaClient({ clientId: 'static-member', brokers: brokers.split(','), logLevel: 'nothing',
    security: requireKafkaSecurity(process.env, { username: 'admin' }) });
  const consumer = client.consumer({ groupId, groupInstanceId: instanceId, sessionTimeoutMs: Number(sessionTimeoutMs),
    heartbeatIntervalMs: 500 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.runMessages(async () => undefined);
  await consumer.whenJoined();
  console.log('joined');
})();`;

function startMember(groupId: string, instanceId: string, topic: string): Promise<ChildProcess> {
  const args = [
    join(__dirname, '../dist'),
    groupId,
    instanceId,
    topic,
    brokers.join(','),
    `${SESSION_TIMEOUT_MS}`,
  ];
  const child = spawn(process.execPath, ['-e', MEMBER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the member did not join within 30 s')), 30_000);
    child.stdout?.on('data', (b: Buffer) => {
      if (!b.toString().includes('joined')) return;
      clearTimeout(timer);
      resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the member exited (${code}) before joining`)));
  });
}

describe('static membership against the broker', () => {
  jest.setTimeout(60_000);
  const client = createKafkaClient({
    clientId: unique('static-spec'),
    brokers,
    retry: { retries: 8, initialRetryTimeMs: 100 },
    security: requireKafkaSecurity(process.env, { username: 'admin' }),
  });
  const topic = unique('static_spec');
  let replacement: KafkaConsumer | undefined;
  let member: ChildProcess | undefined;

  beforeAll(async () => {
    await ensureTopics(client, [{ topic, numPartitions: 2 }]);
  });
  afterAll(async () => {
    member?.kill('SIGKILL');
    await replacement?.disconnect().catch(() => undefined);
    await deleteTopics(client, [topic]);
  });

  it('hands a killed static member’s partitions to its replacement at once', async () => {
    const groupId = unique('static_spec_group');
    member = await startMember(groupId, 'slot-9', topic);
    member.kill('SIGKILL');
    await new Promise((r) => member?.once('exit', r));

    const started = Date.now();
    replacement = client.consumer({
      groupId,
      groupInstanceId: 'slot-9',
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: 500,
    });
    const assigned: number[] = [];
    replacement.onGroupJoin((a) => assigned.push(...(a[topic] ?? [])));
    await replacement.connect();
    await replacement.subscribe({ topics: [topic], fromBeginning: true });
    await replacement.runMessages(async () => undefined);
    await replacement.whenJoined();
    // A dynamic member would wait for the dead one's session (20 s) before the group could rebalance.
    expect(Date.now() - started).toBeLessThan(SESSION_TIMEOUT_MS / 2);
    expect(assigned.sort()).toEqual([0, 1]);
  });
});
