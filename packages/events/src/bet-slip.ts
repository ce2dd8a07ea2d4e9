import { randomUUID } from 'node:crypto';
import { MAX_SLIP_BETS, SlipDecision } from './bet-slip-events';
import { buildEvent } from './codec';
import { BetDecision, BetsDecidedEvent, PlaceBetEvent, PlaceBetsEvent } from './registry';

/** What the bets of one slip share: one table, round and player. */
function slipKey(c: PlaceBetEvent): string {
  return JSON.stringify([c.tableId, c.roundId, c.game, c.operatorId, c.playerId, c.currency, c.playerToken]);
}

/**
 * PlaceBet commands folded into PlaceBets commands: those of one table, round and player (and token) together, in
 * their order, at most MAX_SLIP_BETS a command. Each bet keeps its command's id as its `commandId`. The
 * fields already passed validation (they are PlaceBet events), so the slips are built without checking again.
 */
export function foldPlaceBets(commands: readonly PlaceBetEvent[]): PlaceBetsEvent[] {
  const groups = new Map<string, PlaceBetEvent[]>();
  for (const c of commands) {
    const key = slipKey(c);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const slips: PlaceBetsEvent[] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += MAX_SLIP_BETS) {
      const part = group.slice(i, i + MAX_SLIP_BETS);
      const first = part[0];
      slips.push(
        buildEvent('PlaceBets', {
          id: randomUUID(),
          tableId: first.tableId,
          roundId: first.roundId,
          game: first.game,
          playerId: first.playerId,
          operatorId: first.operatorId,
          currency: first.currency,
          bets: part.map((c) => ({ commandId: c.id, stake: c.stake, bet: c.bet })),
          ...(first.playerToken === undefined ? {} : { playerToken: first.playerToken }),
        }),
      );
    }
  }
  return slips;
}

/** Each bet of a slip as the PlaceBet it stands for (its id the bet's commandId, caused by the slip). */
export function slipPlaceBets(slip: PlaceBetsEvent): PlaceBetEvent[] {
  return slip.bets.map((b) => ({
    id: b.commandId,
    type: 'PlaceBet',
    version: 1,
    occurredAt: slip.occurredAt,
    producedAt: slip.producedAt,
    causationId: slip.id,
    tableId: slip.tableId,
    roundId: slip.roundId,
    game: slip.game,
    playerId: slip.playerId,
    operatorId: slip.operatorId,
    currency: slip.currency,
    stake: b.stake,
    bet: b.bet,
    ...(slip.playerToken === undefined ? {} : { playerToken: slip.playerToken }),
  }));
}

/** The ledger's decisions of a slip's bets folded into its one answer (in the order given). */
export function foldBetDecisions(
  slip: Pick<PlaceBetsEvent, 'id' | 'tableId' | 'roundId' | 'game' | 'playerId' | 'operatorId' | 'currency'>,
  decisions: readonly BetDecision[],
): BetsDecidedEvent {
  return buildEvent('BetsDecided', {
    tableId: slip.tableId,
    roundId: slip.roundId,
    game: slip.game,
    playerId: slip.playerId,
    operatorId: slip.operatorId,
    currency: slip.currency,
    commandId: slip.id,
    causationId: slip.id,
    decisions: decisions.map((d): SlipDecision =>
      d.type === 'BetAccepted'
        ? {
            outcome: 'accepted',
            eventId: d.id,
            commandId: d.commandId,
            betId: d.betId,
            stake: d.stake,
            bet: d.bet,
            balance: d.balance,
          }
        : {
            outcome: 'rejected',
            eventId: d.id,
            commandId: d.commandId,
            stake: d.stake,
            bet: d.bet,
            code: d.code,
            message: d.message,
          },
    ),
  });
}

/** A BetsDecided unfolded: each bet's decision as the BetAccepted / BetRejected it stands for. */
export function slipBetDecisions(decided: BetsDecidedEvent): BetDecision[] {
  const common = {
    version: 1 as const,
    occurredAt: decided.occurredAt,
    producedAt: decided.producedAt,
    tableId: decided.tableId,
    roundId: decided.roundId,
    game: decided.game,
    playerId: decided.playerId,
    operatorId: decided.operatorId,
    currency: decided.currency,
  };
  return decided.decisions.map((d): BetDecision => {
    const base = { ...common, id: d.eventId, causationId: d.commandId, commandId: d.commandId };
    return d.outcome === 'accepted'
      ? { ...base, type: 'BetAccepted', betId: d.betId, stake: d.stake, bet: d.bet, balance: d.balance }
      : {
          ...base,
          type: 'BetRejected',
          stake: d.stake,
          bet: d.bet,
          code: d.code,
          message: d.message,
        };
  });
}
