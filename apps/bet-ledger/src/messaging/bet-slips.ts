import {
  BetCommand,
  BetDecision,
  CasinoEvent,
  foldBetDecisions,
  PlaceBetEvent,
  PlaceBetsEvent,
  slipPlaceBets,
} from '@casino/events';
import { Statement } from '../database/write.batch';
import { OutboxBatch } from '../outbox/outbox.writer';

/** A bet command as the processor decides it: a bet of a slip names its slip (docs/ledger.md "Bet slips"). */
export interface SlipMember {
  slip?: PlaceBetsEvent;
}

/**
 * A PlaceBets' bets as the PlaceBet commands they stand for, each naming its slip: they are decided with the
 * batch's other commands, in order, as single bets are (the same checks, restrictions, limits and balance, each
 * bet seeing the ones before it), and recorded as processed by their own command ids.
 */
export function slipCommands<R extends { event: PlaceBetsEvent }>(
  received: R,
): (Omit<R, 'event'> & { event: PlaceBetEvent; slip: PlaceBetsEvent })[] {
  return slipPlaceBets(received.event).map((event) => ({ ...received, event, slip: received.event }));
}

/** The slips among a transaction's commands, once each. */
export function slipsOf(commands: readonly SlipMember[]): PlaceBetsEvent[] {
  return [...new Set(commands.flatMap((c) => (c.slip ? [c.slip] : [])))];
}

/**
 * Records the slips' own ids as processed (a write of the transaction's last statement, no round trip of its own).
 * Their bets' ids are what keeps a redelivered slip from deciding anything twice: each is recorded when decided.
 */
export function slipsProcessedStatement(slips: readonly PlaceBetsEvent[]): Statement | undefined {
  if (slips.length === 0) return undefined;
  return {
    text: `INSERT INTO ledger_processed_events (event_id) SELECT unnest($1::text[]) ON CONFLICT (event_id) DO NOTHING`,
    params: [slips.map((s) => s.id)],
  };
}

/**
 * The decisions a transaction made on slips' bets folded into one BetsDecided per slip, where its first decision
 * was in the outbox. A bet answered elsewhere (handed to a seamless operator's wallet) is answered on its own later.
 */
export function foldSlipAnswers(
  outbox: OutboxBatch,
  commands: readonly ({ event: BetCommand } & SlipMember)[],
): void {
  const slipOfBet = new Map<string, PlaceBetsEvent>();
  for (const c of commands) if (c.slip) slipOfBet.set(c.event.id, c.slip);
  if (slipOfBet.size === 0) return;
  const slips = new Map<string, PlaceBetsEvent>();
  outbox.fold(
    (event: CasinoEvent) => {
      if (event.type !== 'BetAccepted' && event.type !== 'BetRejected') return undefined;
      const slip = slipOfBet.get(event.commandId);
      if (slip) slips.set(slip.id, slip);
      return slip?.id;
    },
    (slipId, decisions) => foldBetDecisions(slips.get(slipId) as PlaceBetsEvent, decisions as BetDecision[]),
  );
}
