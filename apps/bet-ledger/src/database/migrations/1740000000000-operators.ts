import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators and their signed API: the registry, API keys (secrets sealed with AES-256-GCM), players and launch
 * sessions, request ids seen within the replay window, and transfer-wallet transactions (idempotency per operator).
 */
export class Operators1740000000000 implements MigrationInterface {
  name = 'Operators1740000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_operators (
        operator_id text COLLATE "C" PRIMARY KEY,
        name text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        currencies text[] NOT NULL,
        allowed_origins text[] NOT NULL DEFAULT '{}',
        max_deposit bigint NULL CHECK (max_deposit > 0),
        max_balance bigint NULL CHECK (max_balance > 0),
        wallet_mode text NOT NULL DEFAULT 'transfer' CHECK (wallet_mode IN ('transfer', 'seamless')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ledger_operator_keys (
        key_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL REFERENCES ledger_operators (operator_id),
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX ledger_operator_keys_operator_idx ON ledger_operator_keys (operator_id)`);
    await q.query(`
      CREATE TABLE ledger_players (
        operator_id text COLLATE "C" NOT NULL REFERENCES ledger_operators (operator_id),
        player_id text COLLATE "C" NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        nickname text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, player_id)
      )`);
    await q.query(`
      CREATE TABLE ledger_player_sessions (
        session_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        game text NULL,
        table_id text NULL,
        language text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL,
        revoke_reason text NULL,
        FOREIGN KEY (operator_id, player_id) REFERENCES ledger_players (operator_id, player_id)
      )`);
    await q.query(
      `CREATE INDEX ledger_player_sessions_player_idx ON ledger_player_sessions (operator_id, player_id)`,
    );
    await q.query(`
      CREATE TABLE ledger_operator_requests (
        operator_id text COLLATE "C" NOT NULL,
        request_id text COLLATE "C" NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, request_id)
      )`);
    await q.query(
      `CREATE INDEX ledger_operator_requests_age_idx ON ledger_operator_requests USING brin (received_at)`,
    );
    await q.query(`
      CREATE TABLE ledger_operator_transactions (
        operator_id text COLLATE "C" NOT NULL,
        transaction_id text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        amount bigint NOT NULL,
        request_hash text NOT NULL,
        status integer NOT NULL,
        response jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, transaction_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_operator_transactions`);
    await q.query(`DROP TABLE ledger_operator_requests`);
    await q.query(`DROP TABLE ledger_player_sessions`);
    await q.query(`DROP TABLE ledger_players`);
    await q.query(`DROP TABLE ledger_operator_keys`);
    await q.query(`DROP TABLE ledger_operators`);
  }
}
