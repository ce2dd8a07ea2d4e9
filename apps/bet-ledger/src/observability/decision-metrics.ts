import { BetCommand } from '@casino/events';
import { ledgerMetrics, logFields } from '@casino/observability';
import { Logger } from '@nestjs/common';

/**
 * What these hooks need of a transaction's context (TransactionContext has it). Not that type itself: the
 * transaction layer imports this folder, which must not import it back.
 */
export interface AfterCommit {
  readonly afterCommit?: (() => void)[];
}

const logger = new Logger('Decisions');

interface Decided {
  cmd: BetCommand;
  outcome: 'accepted' | 'rejected';
  code: string;
  eventId: string;
  betId?: string;
}

/**
 * A transaction's bet decisions, counted and timed once it commits (a rolled-back or retried attempt counts
 * nothing): `casino_ledger_bet_decisions_total`, `casino_ledger_bet_decision_seconds` from the command's
 * producedAt, and at debug level one `bet decided` line per command with its ids.
 */
export class DecisionTally {
  private readonly decided: Decided[] = [];

  add(cmd: BetCommand, outcome: Decided['outcome'], code: string, eventId: string, betId?: string): void {
    this.decided.push({ cmd, outcome, code, eventId, betId });
  }

  committed(now = Date.now()): void {
    const m = ledgerMetrics();
    const debug = Logger.isLevelEnabled('debug');
    for (const { cmd, outcome, code, eventId, betId } of this.decided) {
      const command = cmd.type === 'PlaceBet' ? 'place' : 'cancel';
      m.decisions.inc({ game: cmd.game, command, outcome, code });
      // producedAt: when the game service wrote the command (its outbox), so the relay's wait counts too.
      const produced = Date.parse(cmd.producedAt ?? cmd.occurredAt);
      if (Number.isFinite(produced))
        m.decisionSeconds.observe({ game: cmd.game, command }, Math.max(0, now - produced) / 1000);
      if (debug)
        logger.debug(
          logFields(command === 'place' ? 'bet decided' : 'bet cancel decided', {
            tableId: cmd.tableId,
            roundId: cmd.roundId,
            commandId: cmd.id,
            betId:
              betId ?? (cmd.type === 'CancelBet' && 'betId' in cmd.target ? cmd.target.betId : undefined),
            betCommandId:
              cmd.type === 'CancelBet' && 'betCommandId' in cmd.target ? cmd.target.betCommandId : undefined,
            eventId,
            outcome,
            code: code === 'OK' ? undefined : code,
          }),
        );
    }
  }
}

const tallies = new WeakMap<AfterCommit, DecisionTally>();

/** The tally of `ctx`'s transaction, counted after its commit (none outside a runner: tests, tools). */
export function decisionTally(ctx: AfterCommit): DecisionTally {
  let tally = tallies.get(ctx);
  if (!tally) {
    tally = new DecisionTally();
    tallies.set(ctx, tally);
    const t = tally;
    ctx.afterCommit?.push(() => t.committed());
  }
  return tally;
}
