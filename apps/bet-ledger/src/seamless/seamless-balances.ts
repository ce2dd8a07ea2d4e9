import { sqlOf } from '@casino/wallet';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { LedgerError } from '../errors/ledger.errors';
import { SecretBox } from '../operators/secret-box';
import { loadEndpoint } from './seamless-operators';
import { observedWalletCall } from '../observability/seamless-metrics';

/**
 * A seamless operator's player's balances, as the operator's wallet answers them (`balance` calls, one per
 * currency of the operator): the figure the lobby's /api/me and a table's first balance show. The platform's own
 * wallet of such a player holds only money in transit, so it is never shown in their place.
 */
@Injectable()
export class SeamlessBalances {
  private readonly box: SecretBox;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {
    this.box = new SecretBox(config.LEDGER_SECRETS_KEY);
  }

  /**
   * Undefined when the operator is not seamless (the platform's wallet is the player's). A currency the operator's
   * wallet refuses (e.g. an unknown player) is left out; a wallet that does not answer for sure is
   * WALLET_UNAVAILABLE, never a guessed figure.
   */
  async balances(
    operatorId: string,
    playerId: string,
  ): Promise<{ currency: string; balance: string }[] | undefined> {
    // Read in a short transaction of its own; the wallet is called after it, holding no connection.
    const found = await this.dataSource.transaction(async (m) => {
      const sql = sqlOf(m);
      const [op] = await sql.rows<{ wallet_mode: string; currencies: string[] }>(
        `SELECT wallet_mode, currencies FROM ledger_operators WHERE operator_id = $1`,
        [operatorId],
      );
      if (op?.wallet_mode !== 'seamless') return undefined;
      return { currencies: op.currencies, endpoint: await loadEndpoint(sql, this.box, operatorId) };
    });
    if (!found) return undefined;
    const { currencies, endpoint } = found;
    if (!endpoint)
      throw new LedgerError('WALLET_UNAVAILABLE', 'the operator has no wallet URL or active key');
    const answers = await Promise.all(
      [...currencies].sort().map(async (currency) => ({
        currency,
        outcome: await observedWalletCall(
          operatorId,
          endpoint,
          'balance',
          { playerId, currency },
          this.config.LEDGER_SEAMLESS_TIMEOUT_MS,
        ),
      })),
    );
    const rows: { currency: string; balance: string }[] = [];
    for (const { currency, outcome } of answers) {
      if (outcome.kind !== 'answered') throw new LedgerError('WALLET_UNAVAILABLE', outcome.reason);
      if (outcome.answer.status === 'ok') rows.push({ currency, balance: outcome.answer.balance.toString() });
    }
    return rows;
  }
}
