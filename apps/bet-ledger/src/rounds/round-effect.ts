import { LedgerLog } from '../observability/ledger-log';

/** What a round event did to its round; logged by the consumer, counted by the tests. */
export type RoundEffect =
  | 'opened'
  /** RoundOpened refused by the table catalogue (unknown or closed table, settings differing): not applied. */
  | 'refused'
  | 'closed'
  | 'settled'
  | 'voided'
  | 'disputed'
  | 'ignored-duplicate'
  | 'ignored-unknown-round'
  | 'ignored-finished-round';

/** A lifecycle event for a round the ledger never opened: logged and skipped. */
export function unknownRound(
  log: LedgerLog,
  event: { type: string; id: string; tableId: string; roundId: string },
): RoundEffect {
  log.warn(`${event.type} for unknown round ${event.tableId}/${event.roundId} (event ${event.id})`);
  return 'ignored-unknown-round';
}
