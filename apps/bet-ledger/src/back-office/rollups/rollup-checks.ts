import { checkInvariant, InvariantCheck, Sql } from '@casino/wallet';

// The settled bets, summed per rollup key, as the migration's backfill sums them.
const SETTLED = `SELECT date_trunc('hour', s.settled_at, 'UTC') AS hour, b.operator_id, b.game, b.table_id, b.currency,
         b.limit_key AS bet_kind, b.player_id, u.stake, u.returned, (s.settled_at AT TIME ZONE 'UTC')::date AS day
    FROM ledger_round_settlements s
   CROSS JOIN LATERAL unnest(s.bet_ids, s.stakes, s.returned) AS u(bet_id, stake, returned)
    JOIN ledger_bets b ON b.bet_id = u.bet_id
   WHERE s.kind = 'settled'`;

/**
 * The report rollups are written in the settlement transaction, so at any snapshot they equal the settled bets
 * summed per key (ledger:verify and the tests' checks).
 */
export async function checkRollupInvariants(sql: Sql): Promise<InvariantCheck[]> {
  return [
    await checkInvariant(
      sql,
      'the hourly report rollup equals the settled bets per hour, operator, game, table, currency and bet kind',
      `SELECT count(*) AS n FROM ledger_report_hourly`,
      `SELECT coalesce(r.table_id, x.table_id) || '/' || coalesce(r.bet_kind, x.bet_kind) AS id
         FROM ledger_report_hourly r
         FULL JOIN (SELECT hour, operator_id, game, table_id, currency, bet_kind, count(*) AS bets,
                           sum(stake) AS staked, sum(returned) AS returned, sum(stake::numeric * stake) AS stake_sq
                      FROM (${SETTLED}) t GROUP BY 1, 2, 3, 4, 5, 6) x
           USING (hour, operator_id, game, table_id, currency, bet_kind)
        WHERE r.bets IS DISTINCT FROM x.bets OR r.staked IS DISTINCT FROM x.staked
           OR r.returned IS DISTINCT FROM x.returned OR r.stake_sq IS DISTINCT FROM x.stake_sq`,
    ),
    await checkInvariant(
      sql,
      'the daily player rollup equals the settled bets per day, operator, player, currency and game',
      `SELECT count(*) AS n FROM ledger_report_player_daily`,
      `SELECT coalesce(r.operator_id, x.operator_id) || '/' || coalesce(r.player_id, x.player_id) AS id
         FROM ledger_report_player_daily r
         FULL JOIN (SELECT day, operator_id, player_id, currency, game, count(*) AS bets, sum(stake) AS staked,
                           sum(returned) AS returned
                      FROM (${SETTLED}) t GROUP BY 1, 2, 3, 4, 5) x
           USING (day, operator_id, player_id, currency, game)
        WHERE r.bets IS DISTINCT FROM x.bets OR r.staked IS DISTINCT FROM x.staked
           OR r.returned IS DISTINCT FROM x.returned`,
    ),
  ];
}
