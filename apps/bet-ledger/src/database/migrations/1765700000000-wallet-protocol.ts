import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Versions of the seamless wallet protocol (docs/operator-integration.md#seamless-wallet-versions): each operator
 * chooses its own (`wallet_protocol`, 1 by default: the calls operators already implement). A version 2 bet names
 * the one debit call that takes its stake with the other bets of its slip (`call_tx`; null for version 1, whose
 * call is the bet's own `debit_tx`); a call queued for version 2 says so (`protocol`), so a retry is sent as the
 * first try was whatever the operator's setting is by then.
 */
export class WalletProtocol1765700000000 implements MigrationInterface {
  name = 'WalletProtocol1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_operators ADD COLUMN wallet_protocol smallint NOT NULL DEFAULT 1
         CHECK (wallet_protocol IN (1, 2))`,
    );
    await q.query(`ALTER TABLE ledger_seamless_bets ADD COLUMN call_tx text COLLATE "C" NULL`);
    await q.query(
      `CREATE INDEX ledger_seamless_bets_call ON ledger_seamless_bets (call_tx) WHERE call_tx IS NOT NULL`,
    );
    // The v2 credit scan's rounds: empty for an operator without v2 bets in play, so its scan costs one probe.
    await q.query(
      `CREATE INDEX ledger_seamless_bets_accepted_v2 ON ledger_seamless_bets (operator_id, table_id, round_id)
         WHERE state = 'accepted' AND call_tx IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE ledger_seamless_calls ADD COLUMN protocol smallint NOT NULL DEFAULT 1 CHECK (protocol IN (1, 2))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const v2 = (await q.query(
      `SELECT 1 FROM ledger_seamless_calls WHERE protocol = 2 UNION ALL
       SELECT 1 FROM ledger_seamless_bets WHERE call_tx IS NOT NULL LIMIT 1`,
    )) as unknown[];
    if (v2.length > 0) throw new Error('version 2 wallet calls were made: the migration cannot be reverted');
    await q.query(`ALTER TABLE ledger_seamless_calls DROP COLUMN protocol`);
    await q.query(`DROP INDEX ledger_seamless_bets_accepted_v2`);
    await q.query(`DROP INDEX ledger_seamless_bets_call`);
    await q.query(`ALTER TABLE ledger_seamless_bets DROP COLUMN call_tx`);
    await q.query(`ALTER TABLE ledger_operators DROP COLUMN wallet_protocol`);
  }
}
