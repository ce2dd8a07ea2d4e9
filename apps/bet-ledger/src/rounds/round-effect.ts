import { LedgerLog } from '../observability/ledger-log';

/** What a round event did to its round; logged by the consumer, counted by the tests. */
export type RoundEffect =
  | 'opened'
  /**
   * A round event refused: a RoundOpened by the table catalogue (unknown or closed table, settings differing), any
   * round or shoe event from another game's service than its table's. Not applied.
   */
  | 'refused'
  | 'closed'
  | 'settled'
  | 'voided'
  /** A game service's void of a round closed with stakes, without a pit boss's approval: held, not applied. */
  | 'void-held'
  | 'disputed'
  | 'ignored-duplicate'
  | 'ignored-unknown-round'
  | 'ignored-finished-round'
  /** A game service's RoundResult or RoundVoided for a disputed round: only the back office acts on it. */
  | 'ignored-disputed-round';

/** A lifecycle event for a round the ledger never opened: logged and skipped. */
export function unknownRound(
  log: LedgerLog,
  event: { type: string; id: string; tableId: string; roundId: string },
): RoundEffect {
  log.warn(`${event.type} for unknown round ${event.tableId}/${event.roundId} (event ${event.id})`);
  return 'ignored-unknown-round';
}

/** Who asks for a round's settlement or void: the game service (Kafka) or the back office (an intervention). */
export type RoundActor = 'game-service' | 'back-office';

/** A disputed round waits for the back office (docs/ledger.md#disputed-and-stuck-rounds): logged and skipped. */
export function disputedRoundHeld(
  log: LedgerLog,
  event: { type: string; id: string; tableId: string; roundId: string },
): RoundEffect {
  log.warn(
    `${event.type} for disputed round ${event.tableId}/${event.roundId} ignored (event ${event.id}): the back office resolves it`,
  );
  return 'ignored-disputed-round';
}
