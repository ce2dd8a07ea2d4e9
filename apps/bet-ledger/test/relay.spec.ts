import { BalanceChangedEvent, buildEvent, CasinoEvent } from '@casino/events';
import { sqlOf } from '@casino/wallet';
import { OutboxRelay } from '../src/outbox/outbox.relay';
import { OutboxBatch, OutboxRow } from '../src/outbox/outbox.writer';
import { sleep } from './support/flow';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
let relay: OutboxRelay;
beforeAll(async () => {
  h = await createHarness('relay');
  // A batch of 3 makes the catch-up poll below take several rounds.
  relay = new OutboxRelay(h.ds, h.kafka, { pollMs: 50, batchSize: 3 }, quiet);
  await relay.start();
});
afterAll(async () => {
  await relay?.stop();
  await h?.close();
});

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

const deposits = (playerId: string, n: number): BalanceChangedEvent[] =>
  Array.from({ length: n }, (_, i) =>
    buildEvent('BalanceChanged', {
      operatorId: 'op-relay',
      playerId,
      currency: 'EUR',
      reason: 'deposit',
      delta: 1n,
      balance: BigInt(i + 1),
    }),
  );

/** Commits the events to the outbox as a ledger transaction does, and returns the rows it wrote. */
async function commit(events: readonly CasinoEvent[]): Promise<OutboxRow[]> {
  return h.ds.transaction(async (m) => {
    const outbox = new OutboxBatch(h.topics);
    events.forEach((e) => outbox.add(e));
    return outbox.flush(sqlOf(m));
  });
}

const isFrom =
  (playerId: string) =>
  (e: CasinoEvent): e is BalanceChangedEvent =>
    e.type === 'BalanceChanged' && e.playerId === playerId;

async function outboxRows(): Promise<number> {
  return Number((await h.ds.query(`SELECT count(*) AS n FROM ledger_outbox`))[0].n);
}

describe('outbox relay', () => {
  it('publishes rows handed over after the commit once, in commit order, and deletes them', async () => {
    await sleep(300); // leadership taken
    expect(relay.leader).toBe(true);
    const events = deposits('handed', 5);
    relay.handOff(await commit(events.slice(0, 2)));
    relay.handOff(await commit(events.slice(2)));
    const got = await h.waitFor(isFrom('handed'), 5);
    expect(got.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await sleep(300);
    expect(h.received.filter(isFrom('handed'))).toHaveLength(5);
    expect(await outboxRows()).toBe(0);
  });

  it('finds rows nobody handed over (another instance, a crash) and publishes them in id order', async () => {
    const events = deposits('left', 8);
    await commit(events);
    const got = await h.waitFor(isFrom('left'), 8);
    expect(got.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await sleep(300);
    expect(h.received.filter(isFrom('left'))).toHaveLength(8);
    expect(await outboxRows()).toBe(0);
  });
});
