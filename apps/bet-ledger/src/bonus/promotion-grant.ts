import { Sql } from '@casino/wallet';
import { createHash } from 'node:crypto';
import { LedgerError } from '../errors/ledger.errors';
import { OperatorAccount } from '../operators/operator-account';
import { registerPlayer } from '../operators/player.repository';
import { TransactionContext } from '../transaction/transaction-context';

// What a bonus grant and a free-bet grant (docs/ledger.md#bonus-funds, #free-bets) check and do alike.

/** The latest expiry a grant may set: a year ahead. */
const MAX_GRANT_DAYS = 366;

/** The grant's expiry in epoch ms; INVALID_REQUEST unless it is in the future, within MAX_GRANT_DAYS. */
export function grantExpiry(expiresAt: string): number {
  const expires = Date.parse(expiresAt);
  if (!(expires > Date.now()) || expires > Date.now() + MAX_GRANT_DAYS * 86_400_000)
    throw new LedgerError(
      'INVALID_REQUEST',
      `expiresAt must be in the future, within ${MAX_GRANT_DAYS} days`,
    );
  return expires;
}

/** What a grant's replay is compared by: sha256 of the request's parts as JSON. */
export function grantRequestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export interface PromotionGrant<Row extends { requestHash: string }> {
  grantId: string;
  playerId: string;
  currency: string;
  requestHash: string;
  /** The advisory lock space of this kind of grant: grants of one kind and id wait for each other. */
  lockSpace: number;
  /**
   * Whether a seamless operator may grant it: free bets paying cash (their winnings credited with the promotion
   * id); bonus money never (the operator's wallet holds the cash a bonus would be staked beside).
   */
  seamless?: boolean;
  /** The grant already stored under the operator's grant id, if any. */
  findByGrant: (sql: Sql, operatorId: string, grantId: string) => Promise<Row | undefined>;
}

/**
 * Starts a grant in its transaction: locks the operator's grant id, then answers the stored grant when the same
 * request comes again (IDEMPOTENCY_KEY_REUSED if it differs). A new grant needs the operator to offer the currency
 * and keep its players' wallets here (a seamless operator only grants what `seamless` allows), and the player
 * (registered on first sight) to be active. Returns the stored grant, or undefined when the grant is new.
 */
export async function startPromotionGrant<Row extends { requestHash: string }>(
  ctx: TransactionContext,
  op: OperatorAccount,
  grant: PromotionGrant<Row>,
): Promise<Row | undefined> {
  await ctx.sql.rows(`SELECT pg_advisory_xact_lock(hashtextextended($1, $2))`, [
    JSON.stringify([op.operatorId, grant.grantId]),
    grant.lockSpace,
  ]);
  const seen = await grant.findByGrant(ctx.sql, op.operatorId, grant.grantId);
  if (seen) {
    if (seen.requestHash !== grant.requestHash)
      throw new LedgerError(
        'IDEMPOTENCY_KEY_REUSED',
        `grant ${grant.grantId} was used with a different request`,
      );
    return seen;
  }
  if (!op.currencies.includes(grant.currency))
    throw new LedgerError('CURRENCY_NOT_SUPPORTED', `${op.operatorId} does not offer ${grant.currency}`);
  if (op.walletMode !== 'transfer' && !grant.seamless) throw new LedgerError('BONUS_NOT_SUPPORTED');
  if ((await registerPlayer(ctx.sql, op.operatorId, grant.playerId)) !== 'active')
    throw new LedgerError('PLAYER_SUSPENDED');
  return undefined;
}
