import { BaccaratBetType, validateBet } from '@casino/baccarat';
import { bookCommand, placeBetCommand, rejection } from '@casino/table-kit/core';
import { currencyRejection } from '@casino/table-kit/config';
import { PlayerClaims } from '@casino/events';
import { ENGINE_CODES } from '../bets/engine-codes';
import { serviceRules } from '../bets/ledger-table-config';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratTableState } from './baccarat-table.state';
import { TableContext } from './table-context';

/**
 * What only the game knows (window open, offered type, limits, side-bet cut-off), then the command goes to the
 * ledger, which decides funds and the cross-bet rules (Player+Banker, table difference).
 */
export function placeBet(
  state: BaccaratTableState,
  ctx: TableContext,
  player: PlayerClaims,
  type: string,
  stake: bigint,
  roundId: string | undefined,
): { state: BaccaratTableState; reply: BaccaratReply } {
  const round = state.round;
  if (state.phase !== 'betting' || !round) {
    return { state, reply: rejection('BETTING_CLOSED', 'bets are accepted only while betting is open') };
  }
  if (roundId !== undefined && roundId !== round.roundId) {
    return { state, reply: rejection('WRONG_ROUND', `round ${roundId} is not the open round`) };
  }
  // The table's own currency or one it lists, each with its own limits (docs/ledger.md#currencies-per-table).
  const refused = currencyRejection(ctx.config, player.currency);
  if (refused) return { state, reply: refused };
  const check = validateBet(serviceRules(ctx.config, player.currency), { type, stake }, round.number);
  if (!check.ok) return { state, reply: rejection(ENGINE_CODES[check.code], check.message) };
  const command = placeBetCommand(
    { tableId: state.tableId, roundId: round.roundId, game: 'baccarat' },
    player,
    stake,
    { game: 'baccarat', type: type as BaccaratBetType },
  );
  ctx.fx.publish(command);
  return {
    state: { ...state, round: { ...round, book: bookCommand(round.book, command) } },
    reply: { ok: true, ref: command.id, roundId: round.roundId, status: 'pending' },
  };
}
