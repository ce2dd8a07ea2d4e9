import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { poolSql } from '../../database/pool-sql';
import { theoreticalMoments } from '../rtp/theoretical-rtp';
import { HeldVoidView, listHeldVoids } from '../../rounds/void-approvals.repository';
import { alarmWindow, commandRefusalsSince, failedShoeAudits, settledByBetKind } from './alerts.repository';
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

  private readonly sql: Sql;

  constructor(
    ds: DataSource,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {
    this.sql = poolSql(ds);
  }

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
    const w = await alarmWindow(this.sql, hours);
    const from = w.from;
    const rows = await settledByBetKind(this.sql, from, operator);
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
    const shoes = await failedShoeAudits(this.sql, from, operator);
    const refusals = await commandRefusalsSince(this.sql, from, operator);
    // Held voids still waiting (a pit boss's approval or the round's result clears them); they name no operator:
    // the platform's staff see them.
    const held =
      operator === undefined
        ? await listHeldVoids(this.sql, { since: from, limit: 1_000, pendingOnly: true })
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
