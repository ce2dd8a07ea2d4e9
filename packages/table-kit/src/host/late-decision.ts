import { CasinoEvent } from '@casino/events';
import type {
  BetCancelled,
  BetCancelRejected,
  BetDecided,
  Outgoing,
  TableMessageName,
} from '@casino/player-protocol';
import { playerKey } from '../players/player-key';
import { hostTableId } from './session-table-id';

/** A message for one player: their key (`playerKey`), its name and payload. */
export interface PlayerMessage {
  player: string;
  name: TableMessageName;
  payload: object;
}

/**
 * The ledger's answer to a command of a round the table has moved past (the ledger answered after the round was
 * voided for its silence): the player still gets it, named as a live answer would be, marked `late`. `ref` is the
 * command's id (the bet's ref unless the command was a ROUND_UNKNOWN retry).
 */
export function lateDecisionMessage(event: CasinoEvent): PlayerMessage | undefined {
  switch (event.type) {
    case 'BetAccepted':
      return {
        player: playerKey(event),
        name: 'bet:accepted',
        payload: {
          ...where(event),
          ref: event.commandId,
          status: 'accepted',
          stake: event.stake,
          bet: event.bet,
          betId: event.betId,
          balance: event.balance,
        } satisfies Outgoing<BetDecided>,
      };
    case 'BetRejected':
      return {
        player: playerKey(event),
        name: 'bet:rejected',
        payload: {
          ...where(event),
          ref: event.commandId,
          status: 'rejected',
          stake: event.stake,
          bet: event.bet,
          code: event.code,
          message: event.message,
        } satisfies Outgoing<BetDecided>,
      };
    case 'BetCancelled':
      return {
        player: playerKey(event),
        name: 'bet:cancelled',
        payload: {
          ...where(event),
          ref: event.betCommandId,
          betId: event.betId,
          stake: event.stake,
          bet: event.bet,
          balance: event.balance,
        } satisfies Outgoing<BetCancelled>,
      };
    case 'BetCancelRejected':
      return {
        player: playerKey(event),
        name: 'bet:cancelRejected',
        payload: {
          ...where(event),
          code: event.code,
          message: event.message,
        } satisfies Outgoing<BetCancelRejected>,
      };
    default:
      return undefined;
  }
}

/** The table (as players know it) and round of a late answer. */
function where(event: { tableId: string; roundId: string }): {
  late: true;
  tableId: string;
  roundId: string;
} {
  return { late: true, tableId: hostTableId(event.tableId), roundId: event.roundId };
}
