import { RouletteBetSpec } from '@casino/events';
import {
  expandAnnouncedBet,
  RouletteBet,
  RouletteBetErrorCode,
  RouletteStakeErrorCode,
  validateAnnouncedBet,
  validateBet,
  validateStake,
} from '@casino/roulette';
import { bookCommand, placeBetCommand, RejectionCode, rejection, Rejection } from '@casino/table-kit/core';
import { currencyRejection } from '@casino/table-kit/config';
import { PlayerClaims } from '@casino/events';
import { randomUUID } from 'node:crypto';
import { BetInput, RouletteReply, RouletteTableState } from './roulette-table.state';
import { serviceLimits, TableContext } from './table-context';

const SHAPE_CODES: Record<RouletteBetErrorCode, RejectionCode> = {
  INVALID_BET: 'INVALID_BET',
  UNKNOWN_BET_TYPE: 'INVALID_BET',
  INVALID_NUMBERS: 'INVALID_BET',
  INVALID_SHAPE: 'INVALID_BET',
  INVALID_COLUMN: 'INVALID_BET',
  INVALID_DOZEN: 'INVALID_BET',
};

const STAKE_CODES: Record<RouletteStakeErrorCode, RejectionCode> = {
  INVALID_STAKE: 'INVALID_BET',
  BELOW_MIN: 'BELOW_TABLE_MIN',
  ABOVE_MAX: 'ABOVE_TABLE_MAX',
  INVALID_LIMITS: 'INTERNAL_ERROR',
};

/** The engine's bet as the event schema spells it (fresh mutable arrays). */
function toSpec(bet: RouletteBet): RouletteBetSpec {
  return ('numbers' in bet ? { ...bet, numbers: [...bet.numbers] } : { ...bet }) as RouletteBetSpec;
}

/** Basic bets, or the basic bets an announced (racetrack) bet expands to, each checked for shape and limits. */
function betsOf(input: BetInput): { bets: { bet: RouletteBet; stake: bigint }[] } | Rejection {
  if (input.kind === 'basic') {
    const shape = validateBet(input.spec);
    if (!shape.ok) return rejection(SHAPE_CODES[shape.code], shape.message);
    return { bets: [{ bet: shape.bet, stake: input.stake }] };
  }
  const announced = validateAnnouncedBet(input.announced);
  if (!announced.ok) return rejection('INVALID_BET', announced.message);
  return {
    bets: expandAnnouncedBet(announced.announced, input.unitStake).map((e) => ({
      bet: e.bet,
      stake: e.stake,
    })),
  };
}

/**
 * What only the game knows (window open, shape on the layout, per-type limits); then one command per basic bet.
 * An announced bet's commands share a group id; the ledger decides each (funds, the 34-number coverage rule).
 */
export function placeBet(
  state: RouletteTableState,
  ctx: TableContext,
  player: PlayerClaims,
  input: BetInput,
  roundId: string | undefined,
): { state: RouletteTableState; reply: RouletteReply } {
  const round = state.round;
  if (state.phase !== 'betting' || !round) {
    return {
      state,
      reply: rejection(state.phase === 'closed' ? 'TABLE_CLOSED' : 'BETTING_CLOSED', 'betting is not open'),
    };
  }
  if (roundId !== undefined && roundId !== round.roundId) {
    return { state, reply: rejection('WRONG_ROUND', `round ${roundId} is not the open round`) };
  }
  // The table's own currency or one it lists, each with its own limits (docs/ledger.md#currencies-per-table).
  const refused = currencyRejection(ctx.config, player.currency);
  if (refused) return { state, reply: refused };
  const expanded = betsOf(input);
  if ('ok' in expanded) return { state, reply: expanded };
  const limits = serviceLimits(ctx.config, player.currency);
  for (const { bet, stake } of expanded.bets) {
    if (limits[bet.type].max === 0n)
      return {
        state,
        reply: rejection('BET_NOT_OFFERED', `${bet.type} is not offered in ${player.currency}`),
      };
    const limit = validateStake(limits, bet.type, stake);
    if (!limit.ok)
      return { state, reply: rejection(STAKE_CODES[limit.code], `${bet.type}: ${limit.message}`) };
  }
  const group = input.kind === 'announced' ? randomUUID() : undefined;
  let book = round.book;
  const refs: string[] = [];
  for (const { bet, stake } of expanded.bets) {
    const command = placeBetCommand(
      { tableId: state.tableId, roundId: round.roundId, game: 'roulette' },
      player,
      stake,
      {
        game: 'roulette',
        spec: toSpec(bet),
      },
    );
    ctx.fx.publish(command);
    book = bookCommand(book, command, group);
    refs.push(command.id);
  }
  return {
    state: { ...state, round: { ...round, book } },
    reply: { ok: true, roundId: round.roundId, refs, group, status: 'pending' },
  };
}
