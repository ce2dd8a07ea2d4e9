import { BaccaratBetErrorCode } from '@casino/baccarat';
import { RejectionCode } from '@casino/table-kit/core';

/** How a player is told why @casino/baccarat refused a bet (live and RNG tables alike). */
export const ENGINE_CODES: Readonly<Record<BaccaratBetErrorCode, RejectionCode>> = {
  UNKNOWN_BET_TYPE: 'INVALID_BET',
  BET_NOT_OFFERED: 'BET_NOT_OFFERED',
  INVALID_STAKE: 'INVALID_BET',
  INVALID_ROUND: 'INTERNAL_ERROR',
  NO_BET_ROUND: 'NO_BET_ROUND',
  SIDE_BET_CLOSED: 'SIDE_BET_CUTOFF',
  BELOW_MIN: 'BELOW_TABLE_MIN',
  ABOVE_MAX: 'ABOVE_TABLE_MAX',
};
