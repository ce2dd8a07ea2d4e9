import { myBetsView } from '@casino/table-kit/core';
import { otherCurrencyProfile } from '@casino/table-kit/config';
import { TableViewer } from '@casino/table-kit/nest';
import { limitsIn } from './table-context';
import { RouletteTableConfig } from '../config/roulette-config';
import { RouletteTableState } from './roulette-table.state';

/** The table as a joining (or reconnecting) player sees it. The automatic wheel's spin stays secret until shown. */
export function tableView(
  state: RouletteTableState,
  config: RouletteTableConfig,
  viewer?: TableViewer,
): object {
  const round = state.round;
  // A player of another currency the table takes sees that currency's limits (docs/ledger.md#currencies-per-table).
  const profile = otherCurrencyProfile(config, viewer?.currency);
  return {
    tableId: state.tableId,
    game: 'roulette',
    currency: profile ? viewer?.currency : config.currency,
    dealer: config.dealer,
    phase: state.phase,
    wheel: {
      ready: state.wheel.ready,
      declaredBy: state.wheel.declaredBy,
      declaredAt: state.wheel.declaredAt,
    },
    limits: profile ? limitsIn(profile) : config.limits,
    timers: config.timers,
    serverTime: Date.now(),
    round: round
      ? {
          roundId: round.roundId,
          closesAt: round.closesAt,
          launched: round.launchedAt !== undefined,
          noSpins: round.noSpins,
          result: state.phase === 'result' && round.spin ? round.spin : undefined,
          voided: round.voidEvent?.reason,
          myBets: myBetsView(round.book, viewer),
        }
      : null,
    history: state.history.slice(-30),
  };
}
