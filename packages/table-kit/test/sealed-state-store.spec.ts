import { createShoe, cryptoRandom } from '@casino/cards';
import { createTestDatabase, TestDatabase } from '@casino/test-support';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { toSnapshotJson } from '../src/state/json-codec';
import { PgStateStore } from '../src/postgres/pg-state-store';
import { StateSealer } from '../src/state/state-sealing';

jest.setTimeout(60_000);

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');

/** What a reader of the database sees: every row of the state tables, as text. */
async function rawRows(url: string): Promise<string> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const snapshots = await admin.query<{ row: string }>('SELECT t::text AS row FROM game_table_snapshots t');
    const rows = await admin.query<{ row: string }>('SELECT t::text AS row FROM game_table_snapshot_rows t');
    const outbox = await admin.query<{ row: string }>('SELECT t::text AS row FROM game_table_outbox t');
    return [...snapshots.rows, ...rows.rows, ...outbox.rows].map((r) => r.row).join('\n');
  } finally {
    await admin.end();
  }
}

async function exec(url: string, sql: string, params: unknown[]): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(sql, params).finally(() => admin.end());
}

describe('PgStateStore seals the tables state (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: PgStateStore;

  beforeAll(async () => {
    db = await createTestDatabase('sealed_state');
    store = await PgStateStore.open(db.url, 'inst', () => undefined, new StateSealer(keyA));
    for (const table of ['bac-1', 'legacy']) await store.claim(table);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('saves no card order, salt or pocket in clear, and loads the state back equal', async () => {
    const shoe = createShoe({ decks: 8, cutCard: { fromBack: 7 } }, cryptoRandom());
    shoe.draw();
    const shoeSnapshot = shoe.snapshot();
    const state = { shoe: shoeSnapshot, spin: { pocket: 29, revolutions: 7 }, stake: 10n ** 18n };
    await store.commit('bac-1', state, []);
    const raw = await rawRows(db.url);
    expect(raw).toContain('sealed1.');
    const undealt = shoeSnapshot.order.slice(1, 40).join(',');
    for (const secret of [shoeSnapshot.salt, undealt, '"pocket"', '"order"', '"salt"', '"shoe"'])
      expect(raw).not.toContain(secret);
    expect(await store.load('bac-1')).toEqual(state);
  });

  it('loads a plaintext row saved before sealing, and the next save seals it', async () => {
    const legacy = { version: 1, salt: 'ab'.repeat(32) };
    await exec(
      db.url,
      'INSERT INTO game_table_snapshots (saved_by, table_id, snapshot) VALUES ($1, $2, $3)',
      ['inst', 'legacy', toSnapshotJson(legacy)],
    );
    expect(await store.load('legacy')).toEqual(legacy);
    await store.commit('legacy', legacy, []);
    expect(await rawRows(db.url)).not.toContain('ab'.repeat(32));
    expect(await store.load('legacy')).toEqual(legacy);
  });

  it('fails the load of a blob moved to another table, or sealed with an unknown key', async () => {
    await exec(
      db.url,
      `INSERT INTO game_table_snapshots (saved_by, table_id, snapshot)
       SELECT saved_by, 'bac-2', snapshot FROM game_table_snapshots WHERE table_id = 'bac-1'`,
      [],
    );
    await expect(store.load('bac-2')).rejects.toMatchObject({ code: 'STATE_TAMPERED' });
    const other = await PgStateStore.open(db.url, 'inst', () => undefined, new StateSealer(keyB));
    await expect(other.load('bac-1')).rejects.toMatchObject({ code: 'STATE_KEY_UNKNOWN' });
    await other.close();
  });

  it('reads rows of the old key after a rotation and seals new saves with the new one', async () => {
    const rotated = await PgStateStore.open(db.url, 'inst', () => undefined, new StateSealer(keyB, [keyA]));
    await rotated.claim('bac-1');
    const before = await rotated.load('bac-1');
    expect(before).toBeDefined();
    await rotated.commit('bac-1', before, []);
    await expect(store.load('bac-1')).rejects.toMatchObject({ code: 'STATE_KEY_UNKNOWN' });
    expect(await rotated.load('bac-1')).toEqual(before);
    await rotated.close();
  });
});
