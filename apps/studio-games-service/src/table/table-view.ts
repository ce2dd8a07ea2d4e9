import { myBetsView, shoeView } from '@casino/table-kit/core';
import { otherCurrencyProfile } from '@casino/table-kit/config';
import { TableViewer } from '@casino/table-kit/nest';
import { StudioTableConfig } from '../config/studio-config';
import { commitmentOf, resultSummary } from './draws';
import { StudioTableState } from './studio-table.state';

/**
 * The table as a joining (or reconnecting) player sees it. The drawn result stays secret until shown, as does a
 * round's server seed (only its commitment) and the shoe's order (only its commitment).
 */
export function tableView(state: StudioTableState, config: StudioTableConfig, viewer?: TableViewer): object {
  const round = state.round;
  // A player of another currency the table takes sees that currency's limits (docs/ledger.md#currencies-per-table).
  const profile = otherCurrencyProfile(config, viewer?.currency);
  const shown = state.phase === 'result' && round?.result && !round.voidEvent ? round.result : undefined;
  return {
    tableId: state.tableId,
    game: state.game,
    currency: profile ? viewer?.currency : config.currency,
    dealer: config.dealer,
    phase: state.phase,
    limits: (profile ?? config.settings).limits,
    settings: config.settings,
    timers: config.timers,
    serverTime: Date.now(),
    shoe: state.shoe ? shoeView(state.shoe) : null,
    round: round
      ? {
          roundId: round.roundId,
          number: round.number,
          closesAt: round.closesAt,
          commitment: round.fair ? commitmentOf(round.fair) : undefined,
          result: shown ? resultSummary(shown) : undefined,
          fair: shown && 'fair' in shown ? shown.fair : undefined,
          voided: round.voidEvent?.reason,
          myBets: myBetsView(round.book, viewer),
        }
      : null,
    // Every kept result (HISTORY_LENGTH): a card table's roads are drawn from the shoe's results so far.
    history: state.history,
    lastRevealedShoe: state.revealed.at(-1)?.shoeId,
  };
}
