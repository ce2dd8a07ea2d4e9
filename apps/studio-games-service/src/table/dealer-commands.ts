import {
  commandDone,
  DealerCommandResult,
  notAllowed,
  voidAfterResult,
  voidNeedsApproval,
} from '@casino/table-kit';
import { voidRound } from './round-flow';
import { StudioDealerCommand, StudioTableState } from './studio-table.state';
import { TableContext } from './table-context';

/** The console of an automatic table: the pit boss voids a round on a malfunction. */
export function dealerCommand(
  state: StudioTableState,
  ctx: TableContext,
  command: StudioDealerCommand,
): DealerCommandResult<StudioTableState> {
  switch (command.kind) {
    case 'void':
      if (state.phase === 'result' && state.round && !state.round.voidEvent) return voidAfterResult(state);
      if (!state.round || (state.phase !== 'betting' && state.phase !== 'drawing'))
        return notAllowed(state, 'only a round before its result can be voided');
      // Betting has closed: the ledger applies a void only with a pit boss's approval of the round
      // (docs/ledger.md#voids-after-betting-closed), whose id the console passes on.
      if (state.phase === 'drawing' && command.approvalId === undefined) return voidNeedsApproval(state);
      return commandDone(voidRound(state, ctx, command.reason, command.message, command.approvalId), 'void');
  }
}
