import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table catalogue takes any game of the registry (@casino/games): the catalogue's API and every event check a
 * game against it, so the column no longer keeps its own list of three (a new game needs no migration).
 */
export class TableCatalogueGames1765100000000 implements MigrationInterface {
  name = 'TableCatalogueGames1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_tables DROP CONSTRAINT IF EXISTS ledger_tables_game_check`);
  }

  /** The first three games' list again, for new rows only (NOT VALID: tables of later games stay as they are). */
  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_tables ADD CONSTRAINT ledger_tables_game_check
         CHECK (game IN ('baccarat', 'blackjack', 'roulette')) NOT VALID`,
    );
  }
}
