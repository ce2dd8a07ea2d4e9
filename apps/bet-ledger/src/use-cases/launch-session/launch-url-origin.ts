import { originMatcher } from '@casino/events';
import { LedgerError } from '../../errors/ledger.errors';

/**
 * With allowed origins set, a lobby or cashier URL must be on one of them: a launch then cannot send the
 * operator's players to a page the operator has not listed (an attacker holding a key still needs the origin).
 */
export function checkLaunchUrlOrigin(
  field: string,
  url: string | undefined,
  allowedOrigins: readonly string[],
) {
  if (url === undefined || allowedOrigins.length === 0) return;
  const origin = new URL(url).origin;
  if (!allowedOrigins.some((entry) => originMatcher(entry)?.(origin) === true))
    throw new LedgerError(
      'LAUNCH_URL_NOT_ALLOWED',
      `${field}: ${origin} is not one of the operator's origins`,
    );
}
