import { CasinoEvent, Game } from '@casino/events';
import { gameMetrics, logFields, RoundPhase } from '@casino/observability';
import { Logger } from '@nestjs/common';
import { hostTableId } from '../host/session-table-id';
import { TableWatcher } from '../host/table-watcher';

const logger = new Logger('TableHost');

/** Rounds timed at once, at most (an RNG session's round that never finishes is forgotten past this). */
const MAX_OPEN_ROUNDS = 10_000;

interface OpenRound {
  game: Game;
  phase: RoundPhase;
  since: number;
}

/**
 * What the service's metrics and logs see of its tables, from the events a step committed and those the ledger
 * sends back: round phase durations (`casino_game_round_phase_seconds`: betting = opened → closed, dealing/spinning =
 * closed → result, settling = result → the ledger's settlement), the ledger's decisions per table, and at debug
 * level one line per bet command committed and per decision relayed, with their ids.
 */
export class TableObserver implements TableWatcher {
  private readonly open = new Map<string, OpenRound>();

  /** A step's events, committed (state store + outbox) at `now`. */
  committed(events: readonly CasinoEvent[], now: number): void {
    for (const e of events) {
      switch (e.type) {
        case 'RoundOpened':
          this.start(e.tableId, e.roundId, { game: e.game, phase: 'betting', since: now });
          break;
        case 'BettingClosed':
          this.next(e.tableId, e.roundId, now, e.game === 'roulette' ? 'spinning' : 'dealing');
          break;
        case 'RoundResult':
          this.next(e.tableId, e.roundId, now, 'settling');
          break;
        case 'RoundVoided':
          this.open.delete(`${e.tableId}/${e.roundId}`);
          break;
        case 'PlaceBets':
          if (Logger.isLevelEnabled('debug'))
            logger.debug(
              logFields('bet slip committed', {
                tableId: e.tableId,
                roundId: e.roundId,
                commandId: e.id,
                bets: e.bets.length,
              }),
            );
          break;
        case 'PlaceBet':
        case 'CancelBet':
          if (Logger.isLevelEnabled('debug'))
            logger.debug(
              logFields(e.type === 'PlaceBet' ? 'bet command committed' : 'cancel command committed', {
                tableId: e.tableId,
                roundId: e.roundId,
                commandId: e.id,
              }),
            );
          break;
        default:
          break;
      }
    }
  }

  /** A ledger event that reached the table at `now`. */
  fromLedger(event: CasinoEvent, now: number): void {
    if (event.type === 'BetAccepted' || event.type === 'BetRejected') {
      const code = event.type === 'BetRejected' ? event.code : 'OK';
      gameMetrics().betDecisions.inc({
        table: hostTableId(event.tableId),
        outcome: event.type === 'BetAccepted' ? 'accepted' : 'rejected',
        code,
      });
      if (Logger.isLevelEnabled('debug'))
        logger.debug(
          logFields('bet decision relayed', {
            tableId: event.tableId,
            roundId: event.roundId,
            commandId: event.commandId,
            betId: event.type === 'BetAccepted' ? event.betId : undefined,
            eventId: event.id,
            outcome: event.type === 'BetAccepted' ? 'accepted' : 'rejected',
            code: event.type === 'BetRejected' ? code : undefined,
          }),
        );
    } else if (event.type === 'RoundSettled' || event.type === 'RoundRefunded') {
      this.next(event.tableId, event.roundId, now, undefined);
    }
  }

  private start(tableId: string, roundId: string, round: OpenRound): void {
    if (this.open.size >= MAX_OPEN_ROUNDS) {
      const oldest = this.open.keys().next();
      if (!oldest.done) this.open.delete(oldest.value);
    }
    this.open.set(`${tableId}/${roundId}`, round);
  }

  /** Ends the round's current phase at `now` and starts `phase` (none: the round is over). */
  private next(tableId: string, roundId: string, now: number, phase: RoundPhase | undefined): void {
    const key = `${tableId}/${roundId}`;
    const round = this.open.get(key);
    if (!round || round.phase === phase) return;
    gameMetrics().roundPhaseSeconds.observe(
      { game: round.game, phase: round.phase },
      Math.max(0, now - round.since) / 1000,
    );
    if (phase === undefined) this.open.delete(key);
    else this.open.set(key, { game: round.game, phase, since: now });
  }
}

/** The process's observer: every table host reports to it. */
export const tableObserver = new TableObserver();
