import { myBetsView, PlayerIdentity } from '@casino/table-kit';
import { RouletteTableConfig } from '../config/roulette-config';
import { RouletteTableState } from './roulette-table.state';

/** The table as a joining (or reconnecting) player sees it. The automatic wheel's spin stays secret until shown. */
export function tableView(
  state: RouletteTableState,
  config: RouletteTableConfig,
  viewer?: PlayerIdentity,
): object {
  const round = state.round;
  return {
    tableId: state.tableId,
    game: 'roulette',
    currency: config.currency,
    dealer: config.dealer,
    phase: state.phase,
    wheel: {
      ready: state.wheel.ready,
      declaredBy: state.wheel.declaredBy,
      declaredAt: state.wheel.declaredAt,
    },
    limits: config.limits,
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
