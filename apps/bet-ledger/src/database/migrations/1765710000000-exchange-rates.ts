import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's daily exchange rates for reports (docs/back-office.md#converted-reports): per reporting
 * currency (`quote`), day and currency, how many units of the quote one unit of the currency is worth, as an exact
 * numeric (never a float). Only reports read them; no bet is ever converted.
 */
export class ExchangeRates1765710000000 implements MigrationInterface {
  name = 'ExchangeRates1765710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_exchange_rates (
        quote char(3) NOT NULL CHECK (quote ~ '^[A-Z]{3}$'),
        day date NOT NULL,
        currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        rate numeric(30, 12) NOT NULL CHECK (rate > 0),
        set_by text NOT NULL,
        set_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (quote, day, currency),
        CHECK (currency <> quote)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_exchange_rates`);
  }
}
