// Idle connections to the real broker cost nothing and warn nothing: kafkajs's request queue, unpatched, runs a
// 1 ms timer per connection and Node 24 reports its negative delay as a TimeoutNegativeWarning
// (src/kafkajs/request-queue-timer.ts). A child process on the built package (dist/), so that every warning of the
// process is seen and the timers counted are the real ones.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());

/** Connects an admin and a producer, then counts the timers set and the warnings emitted over 1 s of idling. */
const IDLE = `
const { createKafkaClient, requireKafkaSecurity } = require(process.argv[1]);
const warnings = [];
process.on('warning', (w) => warnings.push(w.name + ': ' + w.message));
(async () => {
  const client = createKafkaClient({ clientId: 'idle-spec', brokers: process.argv[2].split(','), logLevel: 'nothing',
    security: requireKafkaSecurity(process.env, { username: 'admin' }) });
  const admin = client.admin();
  const producer = client.producer();
  await admin.connect();
  await producer.connect();
  await admin.listTopics();
  const realSetTimeout = setTimeout;
  let timers = 0;
  globalThis.setTimeout = (...args) => { timers++; return realSetTimeout(...args); };
  await new Promise((resolve) => realSetTimeout(resolve, 1000));
  globalThis.setTimeout = realSetTimeout;
  await producer.disconnect();
  await admin.disconnect();
  console.log(JSON.stringify({ timers, warnings }));
})();`;

describe('idle Kafka connections', () => {
  jest.setTimeout(30_000);

  it('set no timer while idle and emit no warning (Node 24: TimeoutNegativeWarning)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-e', IDLE, join(__dirname, '../dist'), brokers.join(',')],
      { timeout: 25_000 },
    );
    const { timers, warnings } = JSON.parse(stdout) as { timers: number; warnings: string[] };
    expect(warnings).toEqual([]);
    // Unpatched: about 900 a second per connection. A handful is kafkajs's own bookkeeping.
    expect(timers).toBeLessThan(20);
  });
});
