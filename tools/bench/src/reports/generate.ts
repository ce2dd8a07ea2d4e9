import { DataSource } from 'typeorm';

export const DAYS = 30;
const OPERATORS = 3;
const TABLES: readonly { id: string; game: string; kinds: readonly string[] }[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    id: `bac-${i + 1}`,
    game: 'baccarat',
    kinds: ['player', 'banker', 'tie', 'playerPair', 'bankerPair'],
  })),
  ...Array.from({ length: 8 }, (_, i) => ({
    id: `rou-${i + 1}`,
    game: 'roulette',
    kinds: ['red', 'black', 'straight', 'split', 'dozen', 'column'],
  })),
];

export interface Generated {
  bets: number;
  hourlyRows: number;
  playerDailyRows: number;
  players: number;
  days: number;
  tables: number;
  ms: number;
}

/**
 * Writes the rollup rows `bets` settled bets over the last DAYS days would leave (the reports read only these,
 * never ledger_bets): every hour × operator × table × bet kind has a row, the bets split evenly so Σbets = bets
 * exactly; a player plays ~20 bets of one game on a day. Stakes 1.00–20.99, returns near the house's RTP.
 */
export async function generateRollups(ds: DataSource, bets: number): Promise<Generated> {
  const t0 = Date.now();
  const kinds = TABLES.flatMap((t) => t.kinds.map((k) => ({ table: t.id, game: t.game, kind: k })));
  await ds.query(
    `CREATE TEMP TABLE bench_kinds AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(table_id text, game text, kind text)`,
    [JSON.stringify(kinds.map((k) => ({ table_id: k.table, game: k.game, kind: k.kind })))],
  );
  const hourlyRows = DAYS * 24 * OPERATORS * kinds.length;
  // Row i gets floor(bets / rows) bets, the first (bets mod rows) one more: the sum is exact.
  await ds.query(
    `INSERT INTO ledger_report_hourly
     SELECT hour, op, game, table_id, 'EUR', kind, n, n * avg_stake, n * avg_stake * (9730 + (i % 41) - 20) / 10000,
            n::numeric * avg_stake * avg_stake
       FROM (SELECT date_trunc('hour', now(), 'UTC') - make_interval(hours => h) AS hour,
                    'op-' || o AS op, k.game, k.table_id, k.kind,
                    row_number() OVER () - 1 AS i, 100 + (h * 7 + o * 13) % 2000 AS avg_stake, h, o
               FROM generate_series(0, $1 - 1) h, generate_series(1, $2) o, bench_kinds k) g,
            LATERAL (SELECT $3::bigint / $4 + CASE WHEN i < $3::bigint % $4 THEN 1 ELSE 0 END AS n) c
      WHERE n > 0`,
    [DAYS * 24, OPERATORS, bets, hourlyRows],
  );
  const playerDailyRows = Math.max(1, Math.floor(bets / 20));
  const players = Math.max(1, Math.ceil(playerDailyRows / DAYS / 2));
  // Row j: player j mod P on day (j div P) mod DAYS, game by (j div (P·DAYS)): distinct keys, Σbets = bets.
  await ds.query(
    `INSERT INTO ledger_report_player_daily
     SELECT (now() AT TIME ZONE 'UTC')::date - ((j / $3) % $4)::int, 'op-' || (1 + (j % $3) % $5),
            'p' || (j % $3), 'EUR', CASE WHEN (j / ($3 * $4)) % 2 = 0 THEN 'baccarat' ELSE 'roulette' END,
            n, n * (100 + j % 2000), n * (100 + j % 2000) * (9730 + (j % 401) - 200) / 10000
       FROM generate_series(0, $1 - 1) j,
            LATERAL (SELECT $2::bigint / $1 + CASE WHEN j < $2::bigint % $1 THEN 1 ELSE 0 END AS n) c
      WHERE n > 0`,
    [playerDailyRows, bets, players, DAYS, OPERATORS],
  );
  await ds.query('ANALYZE ledger_report_hourly');
  await ds.query('ANALYZE ledger_report_player_daily');
  return {
    bets,
    hourlyRows,
    playerDailyRows,
    players,
    days: DAYS,
    tables: TABLES.length,
    ms: Date.now() - t0,
  };
}
