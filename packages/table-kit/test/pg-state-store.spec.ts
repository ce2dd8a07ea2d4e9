import { makeEvent } from '@casino/events';
import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { Client } from 'pg';
import { PgStateStore } from '../src/state/pg-state-store';
import { StateSealer } from '../src/state/state-sealing';

jest.setTimeout(60_000);

const sealer = new StateSealer('11'.repeat(32));

const voided = (roundId: string) =>
  makeEvent('RoundVoided', { tableId: 't1', roundId, game: 'roulette', reason: 'cancelled' });

/** Ends every connection of `database` but the caller's (as an operator's pg_terminate_backend would). */
async function terminateConnections(url: string, database: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe('PgStateStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  const logged: string[] = [];
  let store: PgStateStore;

  beforeAll(async () => {
    db = await createTestDatabase('state_store');
    store = await PgStateStore.open(db.url, 'inst-a', (m) => logged.push(m), sealer);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('commits a snapshot and its events together, in order, and never adds an event id twice', async () => {
    const events = [voided('a'), voided('b'), voided('c')];
    expect(await store.commit('t1', { version: 1, money: 10n ** 20n }, events)).toEqual(
      events.map((e) => e.id),
    );
    const d = voided('d');
    // Committed again (a retried commit, a result emitted again after a restart): only the new event is added.
    expect(await store.commit('t1', { version: 1, money: 1n }, [events[2], d])).toEqual([d.id]);
    expect(await store.load('t1')).toEqual({ version: 1, money: 1n });
    const unsent = await store.unsent(10);
    expect(unsent.map((e) => e.eventId)).toEqual([...events.map((e) => e.id), expect.any(String)]);
    expect(unsent.map((e) => JSON.parse(e.event).roundId)).toEqual(['a', 'b', 'c', 'd']);
    await store.markSent(unsent.slice(0, 3).map((e) => e.seq));
    expect((await store.unsent(10)).map((e) => JSON.parse(e.event).roundId)).toEqual(['d']);
    // Another instance sharing the database has its own outbox.
    const other = await PgStateStore.open(db.url, 'inst-b', () => undefined, sealer);
    expect(await other.unsent(10)).toEqual([]);
    await other.close();
  });

  it('reads the outbox in commit order past seq 9 and 99 (numeric, not text, order)', async () => {
    const store2 = await PgStateStore.open(db.url, 'inst-order', () => undefined, sealer);
    try {
      const rounds = Array.from({ length: 120 }, (_, i) => `o${i}`);
      for (const r of rounds) await store2.commit('t1', { r }, [voided(r)]);
      const unsent = await store2.unsent(200);
      expect(unsent.map((e) => JSON.parse(e.event).roundId)).toEqual(rounds);
      expect(unsent.map((e) => BigInt(e.seq))).toEqual(
        [...unsent.map((e) => BigInt(e.seq))].sort((a, b) => (a < b ? -1 : 1)),
      );
      await store2.markSent(unsent.map((e) => e.seq));
      await store2.purgeSent(0);
    } finally {
      await store2.close();
    }
  });

  it('survives pg_terminate_backend of its connections: the pool reports it and the next commit goes through', async () => {
    await store.ping();
    const ended = await terminateConnections(db.url, db.name);
    expect(ended).toBeGreaterThan(0);
    // The idle connections died: the pool's 'error' event was handled (an unhandled one would end this process).
    await new Promise((r) => setTimeout(r, 200));
    expect(logged.some((m) => m.includes('idle connection lost'))).toBe(true);
    await store.commit('t1', { version: 2 }, [voided('e')]);
    expect(await store.load('t1')).toEqual({ version: 2 });
  });

  it('purges events published longer ago than asked', async () => {
    const before = await store.unsent(100);
    await store.markSent(before.map((e) => e.seq));
    await new Promise((r) => setTimeout(r, 20));
    await store.purgeSent(10);
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    const { rows } = await admin.query<{ n: string }>('SELECT count(*)::text AS n FROM game_table_outbox');
    await admin.end();
    expect(rows[0].n).toBe('0');
  });
});
