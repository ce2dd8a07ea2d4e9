import { GameMigration } from './game-migration';

/**
 * The dealer registry and its audit log (docs/dealers.md). One database may serve several game services, so every
 * row carries its service.
 */
export const DealerAccounts1764900000003: GameMigration = {
  name: '1764900000003-dealer-accounts',
  // IF NOT EXISTS: a database from before the migrations table may hold them already (see game-tables).
  up: [
    `CREATE TABLE IF NOT EXISTS dealer_accounts (
       service text NOT NULL,
       dealer_id text NOT NULL,
       display_name text NOT NULL,
       password_hash text NOT NULL,
       status text NOT NULL CHECK (status IN ('active', 'suspended')),
       tables text[] NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (service, dealer_id))`,
    `CREATE TABLE IF NOT EXISTS dealer_audit (
       id bigserial PRIMARY KEY,
       service text NOT NULL,
       at timestamptz NOT NULL DEFAULT now(),
       dealer_id text NOT NULL,
       table_id text,
       action text NOT NULL,
       body text,
       result text NOT NULL,
       client_ip text)`,
    'CREATE INDEX IF NOT EXISTS dealer_audit_by_table ON dealer_audit (service, table_id, at)',
    'CREATE INDEX IF NOT EXISTS dealer_audit_by_time ON dealer_audit (service, at)',
  ],
  down: ['DROP TABLE dealer_audit', 'DROP TABLE dealer_accounts'],
};
