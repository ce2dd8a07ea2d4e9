import { makeEvent } from '@casino/events';
import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { Client } from 'pg';
import { TableLeases1764900000002 } from '../src/migrations/1764900000002-table-leases';
import { PgStateStore } from '../src/postgres/pg-state-store';
import { SplitSnapshot } from '../src/state/split-snapshot';
import { TableLeaseLost } from '../src/state/state-store';
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
    await store.claim('t1');
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
    // Another instance sharing the database relays only the tables it holds.
    const other = await PgStateStore.open(db.url, 'inst-b', () => undefined, sealer);
    expect(await other.unsent(10)).toEqual([]);
    await other.close();
  });

  it('fences a table taken over: the old holder saves nothing more, the new one reads its last save and relays its events', async () => {
    const a = await PgStateStore.open(db.url, 'inst-a', () => undefined, sealer);
    const b = await PgStateStore.open(db.url, 'inst-b', () => undefined, sealer);
    try {
      await expect(a.commit('t9', { n: 0 }, [])).rejects.toBeInstanceOf(TableLeaseLost);
      await a.claim('t9');
      const left = voided('left-behind');
      await a.commit('t9', { n: 1 }, [left]);
      await b.claim('t9');
      await expect(a.commit('t9', { n: 2 }, [voided('stale')])).rejects.toMatchObject({
        code: 'TABLE_LEASE_LOST',
      });
      expect(await b.load('t9')).toEqual({ n: 1 });
      expect((await b.unsent(10)).map((e) => e.eventId)).toEqual([left.id]);
      expect(await a.unsent(10)).toEqual([]);
      await b.commit('t9', { n: 3 }, []);
      expect(await a.load('t9')).toEqual({ n: 3 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a commit in flight when another instance claims the table lands before the claim, never after', async () => {
    const a = await PgStateStore.open(db.url, 'inst-a', () => undefined, sealer);
    const b = await PgStateStore.open(db.url, 'inst-b', () => undefined, sealer);
    try {
      await a.claim('t8');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) => a.commit('t8', { n }, [voided(`race-${n}`)])).concat([
          b.claim('t8').then(() => []),
        ]),
      );
      const saved = outcomes.flatMap((o, n) => (n < 20 && o.status === 'fulfilled' ? [n] : []));
      expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(20 - saved.length);
      // What a saved before the claim is all b finds; nothing a tried after it was written.
      const rows = await b.unsent(100);
      expect(rows.map((r) => JSON.parse(r.event).roundId).sort()).toEqual(
        saved.map((n) => `race-${n}`).sort(),
      );
      const loaded = (await b.load('t8')) as { n: number } | undefined;
      if (saved.length > 0) expect(saved).toContain(loaded?.n);
      else expect(loaded).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("saves a round's bets a row each, writing again only the rows that changed", async () => {
    const a = await PgStateStore.open(db.url, 'inst-a', () => undefined, sealer);
    const b = await PgStateStore.open(db.url, 'inst-b', () => undefined, sealer);
    const rowsOf = async (tableId: string) => {
      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      const { rows } = await admin
        .query<{ idx: number; row: string }>(
          'SELECT idx, row FROM game_table_snapshot_rows WHERE table_id = $1 ORDER BY idx',
          [tableId],
        )
        .finally(() => admin.end());
      return rows;
    };
    try {
      await a.claim('t7');
      const bets = [0, 1, 2].map((n) => ({ ref: `b${n}`, stake: 10n ** 20n + BigInt(n), status: 'pending' }));
      await a.commit('t7', new SplitSnapshot({ phase: 'betting' }, 'r1', bets), []);
      const first = await rowsOf('t7');
      expect(first.map((r) => r.idx)).toEqual([0, 1, 2]);
      // One bet decided, one placed: those two rows are written, the others stay as they were.
      const next = [
        bets[0],
        { ...bets[1], status: 'accepted' },
        bets[2],
        { ref: 'b3', stake: 1n, status: 'pending' },
      ];
      await a.commit('t7', new SplitSnapshot({ phase: 'betting' }, 'r1', next), []);
      const second = await rowsOf('t7');
      expect(second.map((r) => r.row === first[r.idx]?.row)).toEqual([true, false, true, false]);
      expect(await a.load('t7')).toEqual(new SplitSnapshot({ phase: 'betting' }, 'r1', next));

      // Another instance takes the table over: it reads the rows, and writes them all at its first save.
      await b.claim('t7');
      expect(await b.load('t7')).toEqual(new SplitSnapshot({ phase: 'betting' }, 'r1', next));
      await b.commit('t7', new SplitSnapshot({ phase: 'dealing' }, 'r1', next), []);
      expect((await rowsOf('t7')).every((r, i) => r.row !== second[i].row)).toBe(true);
      // A new round: its rows replace the old ones, fewer of them.
      await b.commit('t7', new SplitSnapshot({ phase: 'betting' }, 'r2', [bets[0]]), []);
      expect((await rowsOf('t7')).map((r) => r.idx)).toEqual([0]);
      expect(await b.load('t7')).toEqual(new SplitSnapshot({ phase: 'betting' }, 'r2', [bets[0]]));
      // A whole snapshot leaves no rows behind.
      await b.commit('t7', { phase: 'idle' }, []);
      expect(await rowsOf('t7')).toEqual([]);
      expect(await b.load('t7')).toEqual({ phase: 'idle' });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses to load a round whose bet rows were moved or removed', async () => {
    const store3 = await PgStateStore.open(db.url, 'inst-c', () => undefined, sealer);
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      await store3.claim('t6');
      const bets = [{ ref: 'x' }, { ref: 'y' }];
      await store3.commit('t6', new SplitSnapshot({}, 'r1', bets), []);
      await admin.query(
        `UPDATE game_table_snapshot_rows SET row = (SELECT row FROM game_table_snapshot_rows
           WHERE table_id = 't6' AND idx = 0) WHERE table_id = 't6' AND idx = 1`,
      );
      await expect(store3.load('t6')).rejects.toMatchObject({ code: 'STATE_TAMPERED' });
      await admin.query(`DELETE FROM game_table_snapshot_rows WHERE table_id = 't6' AND idx = 0`);
      await expect(store3.load('t6')).rejects.toThrow(/0 saved row\(s\) of the 2/);
    } finally {
      await admin.end();
      await store3.close();
    }
  });

  it('upgrades a database of per-instance snapshots: the newest save of each table is kept', async () => {
    const old = await createTestDatabase('state_store_old');
    const admin = new Client({ connectionString: old.url });
    await admin.connect();
    try {
      await admin.query(`
        CREATE TABLE game_table_snapshots (instance text NOT NULL, table_id text NOT NULL, snapshot text NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (instance, table_id));
        INSERT INTO game_table_snapshots VALUES ('i1', 'tx', '{"old":1}', now() - interval '1 hour'),
          ('i2', 'tx', '{"new":1}', now()), ('i1', 'ty', '{"y":1}', now());`);
      const upgraded = await PgStateStore.open(old.url, 'i3', () => undefined, sealer);
      expect([await upgraded.load('tx'), await upgraded.load('ty')]).toEqual([{ new: 1 }, { y: 1 }]);
      await upgraded.close();
      for (const sql of TableLeases1764900000002.down) await admin.query(sql);
      const { rows } = await admin.query('SELECT instance, table_id FROM game_table_snapshots ORDER BY 2');
      expect(rows).toEqual([
        { instance: 'i2', table_id: 'tx' },
        { instance: 'i1', table_id: 'ty' },
      ]);
    } finally {
      await admin.end();
      await old.drop();
    }
  });

  it('reads the outbox in commit order past seq 9 and 99 (numeric, not text, order)', async () => {
    const store2 = await PgStateStore.open(db.url, 'inst-order', () => undefined, sealer);
    await store2.claim('t-order');
    try {
      const rounds = Array.from({ length: 120 }, (_, i) => `o${i}`);
      for (const r of rounds) await store2.commit('t-order', { r }, [voided(r)]);
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
    const { rows } = await admin.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM game_table_outbox WHERE table_id = 't1'`,
    );
    await admin.end();
    expect(rows[0].n).toBe('0');
  });
});
