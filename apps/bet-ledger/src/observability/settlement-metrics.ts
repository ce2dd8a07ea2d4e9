import { Game } from '@casino/events';
import { ledgerMetrics, logFields } from '@casino/observability';
import { Logger } from '@nestjs/common';
import { AfterCommit } from './decision-metrics';

const logger = new Logger('Settlements');

/**
 * Counts a finished round once its transaction commits (`casino_ledger_settlements_total`, and its bets in
 * `casino_ledger_settled_bets_total` when settled), and at debug level writes one line per bet with its bet id, so a
 * bet can be followed to its settlement (`causationId`: the RoundResult or RoundVoided that finished it).
 */
export function observeRoundFinished(
  ctx: AfterCommit,
  round: { tableId: string; roundId: string; game: Game },
  outcome: 'settled' | 'refunded',
  bets: readonly { betId: string }[],
  causationId: string,
): void {
  ctx.afterCommit?.push(() => {
    const m = ledgerMetrics();
    m.settlements.inc({ game: round.game, outcome });
    if (outcome === 'settled') m.settledBets.inc({ game: round.game }, bets.length);
    logger.log(
      logFields(`round ${outcome}`, {
        tableId: round.tableId,
        roundId: round.roundId,
        causationId,
        bets: bets.length,
      }),
    );
    if (!Logger.isLevelEnabled('debug')) return;
    for (const { betId } of bets)
      logger.debug(
        logFields(outcome === 'settled' ? 'bet settled' : 'bet refunded', {
          tableId: round.tableId,
          roundId: round.roundId,
          betId,
          causationId,
        }),
      );
  });
}
