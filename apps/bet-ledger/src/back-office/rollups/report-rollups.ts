import { Statement } from '../../database/write.batch';
import { REPORT_ROLLUPS, RollupBet } from '../../rounds/round-book';
import { EndOfTransactionRegistry } from '../../transaction/end-of-transaction';

interface Sum {
  bets: number;
  staked: bigint;
  returned: bigint;
  stakeSq: bigint;
}

const SEP = '\u0000';

function addTo(map: Map<string, Sum>, key: string, stake: bigint, returned: bigint) {
  const s = map.get(key);
  if (s) {
    s.bets += 1;
    s.staked += stake;
    s.returned += returned;
    s.stakeSq += stake * stake;
  } else map.set(key, { bets: 1, staked: stake, returned, stakeSq: stake * stake });
}

/**
 * The report rollups (ledger_report_hourly, ledger_report_player_daily) a transaction's settlements change,
 * summed in memory and written in one statement at its end (TransactionRunner, as the end writer REPORT_ROLLUPS), with the other final writes.
 * Each row is written once and in key order, so two settling transactions never wait on each other in a cycle.
 * The hour and day are those of the transaction's `now()`, the settlement row's `settled_at`.
 */
export class ReportRollupChanges {
  private readonly hourly = new Map<string, Sum>();
  private readonly players = new Map<string, Sum>();

  add(b: RollupBet): void {
    addTo(
      this.hourly,
      [b.operatorId, b.game, b.tableId, b.currency, b.betKind].join(SEP),
      b.stake,
      b.returned,
    );
    addTo(this.players, [b.operatorId, b.playerId, b.currency, b.game].join(SEP), b.stake, b.returned);
  }

  get size(): number {
    return this.hourly.size;
  }

  /** Two upserts as named CTEs of the transaction's final statement; undefined when nothing settled. */
  statement(): Statement | undefined {
    if (this.hourly.size === 0) return undefined;
    const h = [...this.hourly].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const p = [...this.players].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const col = <T>(rows: [string, Sum][], f: (k: string[], s: Sum) => T) =>
      rows.map(([k, s]) => f(k.split(SEP), s));
    return {
      cteList: true,
      text: `report_hourly AS (
        INSERT INTO ledger_report_hourly AS r
          (hour, operator_id, game, table_id, currency, bet_kind, bets, staked, returned, stake_sq)
        SELECT date_trunc('hour', now(), 'UTC'), u.o, u.g, u.t, u.c, u.k, u.n, u.s, u.r, u.q
          FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
                      $8::bigint[], $9::numeric[]) AS u(o, g, t, c, k, n, s, r, q)
         ORDER BY u.o, u.g, u.t, u.c, u.k
        ON CONFLICT (hour, operator_id, game, table_id, currency, bet_kind) DO UPDATE SET
          bets = r.bets + EXCLUDED.bets, staked = r.staked + EXCLUDED.staked,
          returned = r.returned + EXCLUDED.returned, stake_sq = r.stake_sq + EXCLUDED.stake_sq),
      report_players AS (
        INSERT INTO ledger_report_player_daily AS r
          (day, operator_id, player_id, currency, game, bets, staked, returned)
        SELECT (now() AT TIME ZONE 'UTC')::date, u.o, u.p, u.c, u.g, u.n, u.s, u.r
          FROM unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::bigint[], $15::bigint[],
                      $16::bigint[]) AS u(o, p, c, g, n, s, r)
         ORDER BY u.o, u.p, u.c, u.g
        ON CONFLICT (day, operator_id, player_id, currency, game) DO UPDATE SET
          bets = r.bets + EXCLUDED.bets, staked = r.staked + EXCLUDED.staked,
          returned = r.returned + EXCLUDED.returned)`,
      params: [
        col(h, (k) => k[0]),
        col(h, (k) => k[1]),
        col(h, (k) => k[2]),
        col(h, (k) => k[3]),
        col(h, (k) => k[4]),
        col(h, (_, s) => String(s.bets)),
        col(h, (_, s) => s.staked.toString()),
        col(h, (_, s) => s.returned.toString()),
        col(h, (_, s) => s.stakeSq.toString()),
        col(p, (k) => k[0]),
        col(p, (k) => k[1]),
        col(p, (k) => k[2]),
        col(p, (k) => k[3]),
        col(p, (_, s) => String(s.bets)),
        col(p, (_, s) => s.staked.toString()),
        col(p, (_, s) => s.returned.toString()),
      ],
    };
  }
}

/** Registers the report rollups as the writer of the settled bets' REPORT_ROLLUPS (before the gambling usage). */
export function registerReportRollups(registry: EndOfTransactionRegistry): void {
  registry.register({ kind: REPORT_ROLLUPS, order: 10, create: () => new ReportRollupChanges() });
}
