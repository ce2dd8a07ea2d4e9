import type { BetRejectionCode, CancelRejectionCode } from '@casino/events';
import type { ServiceRejectionCode } from '@casino/table-kit/core';

/** Every code a player can be answered with (the ledger's, the services', and the client's own). */
export type RejectionCode =
  BetRejectionCode | CancelRejectionCode | ServiceRejectionCode | 'TIMEOUT' | 'DISCONNECTED';
