import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each bet names the bets-in-play account its stake went into: a table's account is split in shards, one per
 * ledger instance (docs/ledger.md#bets-in-play-shards), and settlement, refunds and cancels take a stake back from
 * the shard it is in. Bets placed before have the table's one account, shard 0, whose key is unchanged.
 */
export class BetsInPlayShards1765740000000 implements MigrationInterface {
  name = 'BetsInPlayShards1765740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_bets ADD COLUMN in_play_account_id bigint`);
    await q.query(
      `UPDATE ledger_bets b SET in_play_account_id = a.id FROM wallet_accounts a
       WHERE a.kind = 'bets_in_play' AND a.operator_id = b.operator_id AND a.table_id = b.table_id
         AND a.currency = b.currency`,
    );
    await q.query(`ALTER TABLE ledger_bets ALTER COLUMN in_play_account_id SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Shards other than 0 (keys ending in /<shard>) may only go while they hold nothing.
    const [held] = await q.query(
      `SELECT key FROM wallet_accounts WHERE kind = 'bets_in_play' AND key ~ '/[0-9]+$' AND balance <> 0 LIMIT 1`,
    );
    if (held) throw new Error(`bets-in-play shard ${held.key} still holds stakes: settle its rounds first`);
    await q.query(`ALTER TABLE ledger_bets DROP COLUMN in_play_account_id`);
  }
}
