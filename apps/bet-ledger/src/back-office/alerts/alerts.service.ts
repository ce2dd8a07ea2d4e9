import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { realOperatorSql } from '../../operators/fun-book';
import { theoreticalMoments } from '../rtp/theoretical-rtp';
import { HeldVoidView, listHeldVoids } from '../../rounds/void-approvals.repository';
import { DriftAlert, driftAlerts } from './rtp-drift';

export interface ShoeAuditAlert {
  kind: 'shoe_audit';
  key: string;
  tableId: string;
  game: string;
  shoeId: string;
  problemCode: string;
  problem: string | null;
  revealedAt: string;
}

/** A bet or cancel command refused before it was decided (ledger_command_refusals): a game service to look at. */
export interface CommandRefusedAlert {
  kind: 'command_refused';
  key: string;
  eventId: string;
  commandType: string;
  topic: string;
  tableId: string;
  roundId: string;
  operatorId: string;
  playerId: string;
  code: string;
  message: string;
  refusedAt: string;
}

/**
 * A game service's void the ledger held: its round had closed with stakes and no pit boss had approved its void
 * (ledger_held_voids, docs/ledger.md#voids-after-betting-closed). `state` says whether it still waits.
 */
export interface VoidHeldAlert extends HeldVoidView {
  kind: 'void_held';
  key: string;
}

export type Alert = DriftAlert | ShoeAuditAlert | CommandRefusedAlert | VoidHeldAlert;

export interface Alerts {
  items: Alert[];
  window: { from: string; to: string; hours: number };
}

function alertLine(a: Alert): string {
  if (a.kind === 'rtp_drift')
    return (
      `RTP drift on table ${a.tableId} ${a.betKind} ${a.currency}: measured ${a.measured} vs ${a.theoretical} ` +
      `(99.9% band ${a.low999.toFixed(6)}–${a.high999.toFixed(6)}, z ${a.z.toFixed(2)}, ${a.bets} bets)`
    );
  if (a.kind === 'shoe_audit')
    return `shoe audit failed on table ${a.tableId} shoe ${a.shoeId}: ${a.problemCode} ${a.problem ?? ''}`;
  if (a.kind === 'void_held')
    return `RoundVoided ${a.eventId} of round ${a.tableId}/${a.roundId} held ${a.code} (${a.reason}): ${a.state}`;
  return `${a.commandType} ${a.eventId} on ${a.topic} refused ${a.code}: ${a.message}`;
}

/**
 * The live RTP drift alarm: per table × bet kind × currency over the last LEDGER_RTP_ALARM_HOURS of the hourly
 * rollup (whole hours: the current hour counts from its start), every failed shoe audit revealed in that
 * window, and the bet commands refused before they were decided (PLAYER_SESSION_INVALID, PRODUCER_NOT_TABLE_SERVICE:
 * a game service spending for players it has no session of, or writing another game's tables), at most 1,000,
 * and the game services' voids still held for want of a pit boss's approval (platform view only), at most 1,000. Each
 * flag is logged once per process (a remembered set of keys; a flag that clears and comes back is logged again).
 */
@Injectable()
export class AlertsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RtpAlarm');
  private timer: NodeJS.Timeout | undefined;
  private flagged = new Set<string>();

  constructor(
    private readonly ds: DataSource,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.LEDGER_RTP_ALARM_POLL_MS <= 0) return;
    this.timer = setInterval(
      () => void this.alerts().catch((e) => this.logger.error(`alarm check failed: ${String(e)}`)),
      this.config.LEDGER_RTP_ALARM_POLL_MS,
    );
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The current flags; `operator` limits them to that operator's bets and tables (its staff's view). */
  async alerts(operator?: string): Promise<Alerts> {
    const hours = this.config.LEDGER_RTP_ALARM_HOURS;
    const [w] = (await this.ds.query(
      `SELECT date_trunc('hour', now(), 'UTC') - make_interval(secs => $1 * 3600) AS "from", now() AS "to"`,
      [hours - 1],
    )) as { from: Date; to: Date }[];
    const rows = (await this.ds.query(
      `SELECT h.table_id, h.game, h.bet_kind, h.currency, sum(h.bets) AS bets, sum(h.staked) AS staked,
              sum(h.returned) AS returned, sum(h.stake_sq) AS stake_sq, t.settings
         FROM ledger_report_hourly h LEFT JOIN ledger_tables t ON t.table_id = h.table_id
        WHERE h.hour >= $1 AND ${realOperatorSql('h.operator_id')} AND ($2::text IS NULL OR h.operator_id = $2)
        GROUP BY h.table_id, h.game, h.bet_kind, h.currency, t.settings
        ORDER BY h.table_id, h.bet_kind, h.currency`,
      [w.from, operator ?? null],
    )) as {
      table_id: string;
      game: string;
      bet_kind: string;
      currency: string;
      bets: string;
      staked: string;
      returned: string;
      stake_sq: string;
      settings: { payTable?: unknown } | null;
    }[];
    const drift = driftAlerts(
      rows.map((r) => ({
        tableId: r.table_id,
        game: r.game,
        betKind: r.bet_kind,
        currency: r.currency.trim(),
        bets: BigInt(r.bets),
        staked: BigInt(r.staked),
        returned: BigInt(r.returned),
        stakeSq: BigInt(String(r.stake_sq).split('.')[0]),
        moments: theoreticalMoments(r.game, r.bet_kind, r.settings),
      })),
    );
    // Shoe reveals name no operator: an operator's staff see those of tables where it had bets in the window.
    const shoes = (await this.ds.query(
      `SELECT s.table_id, s.game, s.shoe_id, s.problem_code, s.problem, s.revealed_at
         FROM ledger_shoe_reveals s
        WHERE s.problem_code IS NOT NULL AND s.revealed_at >= $1
          AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM ledger_report_hourly h
                WHERE h.table_id = s.table_id AND h.operator_id = $2 AND h.hour >= $1))
        ORDER BY s.revealed_at, s.table_id, s.shoe_id`,
      [w.from, operator ?? null],
    )) as {
      table_id: string;
      game: string;
      shoe_id: string;
      problem_code: string;
      problem: string | null;
      revealed_at: Date;
    }[];
    const refusals = (await this.ds.query(
      `SELECT event_id, command_type, topic, table_id, round_id, operator_id, player_id, code, message, refused_at
         FROM ledger_command_refusals
        WHERE refused_at >= $1 AND (operator_id IS NULL OR ${realOperatorSql('operator_id')}) AND ($2::text IS NULL OR operator_id = $2)
        ORDER BY refused_at, event_id LIMIT 1000`,
      [w.from, operator ?? null],
    )) as {
      event_id: string;
      command_type: string;
      topic: string;
      table_id: string;
      round_id: string;
      operator_id: string;
      player_id: string;
      code: string;
      message: string;
      refused_at: Date;
    }[];
    // Held voids still waiting (a pit boss's approval or the round's result clears them); they name no operator:
    // the platform's staff see them.
    const held =
      operator === undefined
        ? await listHeldVoids(
            { rows: (text, params) => this.ds.query(text, params) },
            { since: w.from, limit: 1_000, pendingOnly: true },
          )
        : [];
    const items: Alert[] = [
      ...drift,
      ...shoes.map((s) => ({
        kind: 'shoe_audit' as const,
        key: ['shoe', s.table_id, s.shoe_id].join('/'),
        tableId: s.table_id,
        game: s.game,
        shoeId: s.shoe_id,
        problemCode: s.problem_code,
        problem: s.problem,
        revealedAt: s.revealed_at.toISOString(),
      })),
      ...refusals.map((r) => ({
        kind: 'command_refused' as const,
        key: ['refused', r.event_id].join('/'),
        eventId: r.event_id,
        commandType: r.command_type,
        topic: r.topic,
        tableId: r.table_id,
        roundId: r.round_id,
        operatorId: r.operator_id,
        playerId: r.player_id,
        code: r.code,
        message: r.message,
        refusedAt: r.refused_at.toISOString(),
      })),
      ...held.map((h) => ({ kind: 'void_held' as const, key: ['void-held', h.eventId].join('/'), ...h })),
    ];
    // Only the platform-wide view updates the remembered set (an operator's view is a subset).
    if (operator === undefined) this.remember(items);
    return { items, window: { from: w.from.toISOString(), to: w.to.toISOString(), hours } };
  }

  private remember(items: Alert[]): void {
    const now = new Set(items.map((a) => a.key));
    for (const a of items) {
      if (this.flagged.has(a.key)) continue;
      this.logger.warn(alertLine(a));
    }
    this.flagged = now;
  }
}
