import { betLimitProblem, BetSpec, betSpecSchema, PlayerClaims } from '@casino/events';
import { betLimitKey, checkBet, gameDefinition } from '@casino/games';
import { bookCommand, placeBetCommand, rejection } from '@casino/table-kit/core';
import { currencyRejection, otherCurrencyProfile } from '@casino/table-kit/config';
import { BetInput, StudioReply, StudioTableState } from './studio-table.state';
import { TableContext } from './table-context';

/**
 * The bet as the game's definition spells it: the player sends the bet's fields, the game nests them under
 * `spec` where its bet schema does (Sic Bo, Fan Tan) or takes them beside `game` (Dragon Tiger, Football Studio).
 */
function betSpecOf(game: StudioTableState['game'], bet: Record<string, unknown>): unknown {
  const nested = 'spec' in gameDefinition(game).betSpecSchema.shape;
  return nested ? { game, spec: bet } : { ...bet, game };
}

/**
 * What the table checks before a bet goes to the ledger: the window is open, the bet is one of the game's (its
 * definition's schema and checkBet), the stake within the table's limit for its key (the maximum lifted to the
 * key's VIP ceiling: only the ledger knows who holds a grant). The ledger decides the rest: funds, the seed's
 * restrictions (Big with Small, Dragon with Tiger, Home with Away, bonus money at Fan Tan).
 */
export function placeBet(
  state: StudioTableState,
  ctx: TableContext,
  player: PlayerClaims,
  input: BetInput,
  roundId: string | undefined,
): { state: StudioTableState; reply: StudioReply } {
  const round = state.round;
  if (state.phase !== 'betting' || !round)
    return { state, reply: rejection('BETTING_CLOSED', 'betting is not open') };
  if (roundId !== undefined && roundId !== round.roundId)
    return { state, reply: rejection('WRONG_ROUND', `round ${roundId} is not the open round`) };
  // The table's own currency or one it lists, each with its own limits (docs/ledger.md#currencies-per-table).
  const refused = currencyRejection(ctx.config, player.currency);
  if (refused) return { state, reply: refused };
  const parsed = betSpecSchema.safeParse(betSpecOf(state.game, input.bet));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { state, reply: rejection('INVALID_BET', `${issue.path.join('.') || 'bet'}: ${issue.message}`) };
  }
  const spec: BetSpec = parsed.data;
  const check = checkBet(spec);
  if (!check.ok) return { state, reply: rejection('INVALID_BET', check.message) };
  const profile = otherCurrencyProfile(ctx.config, player.currency) ?? ctx.config.settings;
  const key = betLimitKey(spec);
  const limit = betLimitProblem(profile.limits, key, input.stake, undefined, profile.vipMax?.[key]);
  // Above the table's maximum but within the VIP ceiling comes back as a personal limit: the ledger decides it.
  if (limit && limit.code !== 'ABOVE_PERSONAL_LIMIT')
    return { state, reply: rejection(limit.code, limit.message) };
  const command = placeBetCommand(
    { tableId: state.tableId, roundId: round.roundId, game: state.game },
    player,
    input.stake,
    spec,
  );
  ctx.fx.publish(command);
  return {
    state: { ...state, round: { ...round, book: bookCommand(round.book, command) } },
    reply: { ok: true, roundId: round.roundId, refs: [command.id], status: 'pending' },
  };
}
