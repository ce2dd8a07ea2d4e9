import { Card, parseCard } from '@casino/cards';
import { Effects } from '../host/table-machine';
import { rejection, Rejection } from '../wire/rejection-codes';

/** A studio's scanned card; a misread asks the dealer to rescan, and the round waits for the card. */
export function readScannedCard<I>(
  text: string,
  round: { tableId: string; roundId: string },
  fx: Effects<I>,
): { ok: true; card: Card } | Rejection {
  try {
    return { ok: true, card: parseCard(text) };
  } catch {
    fx.broadcast('round:rescan', { tableId: round.tableId, roundId: round.roundId });
    return rejection('INVALID_MESSAGE', `unreadable card ${JSON.stringify(text)}: rescan`);
  }
}
