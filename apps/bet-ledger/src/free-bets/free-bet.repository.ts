import { Sql } from '@casino/wallet';

/** N free bets of one stake an operator granted a player at a game or table (ledger_free_bets, docs/ledger.md#free-bets). */
export interface FreeBetRow {
  freeBetId: string;
  operatorId: string;
  grantId: string;
  playerId: string;
  currency: string;
  game: string;
  /** null: any table of the game. */
  tableId: string | null;
  stake: bigint;
  count: number;
  used: number;
  expiresAt: string;
  /** How the winnings are paid: cash to the wallet, or bonus money held by `bonusId`. */
  winningsAs: 'cash' | 'bonus';
  /** The bonus holding the winnings (winningsAs 'bonus'), created with the grant. */
  bonusId: string | null;
  requestHash: string;
  createdAt: string;
}

type RawFreeBet = {
  free_bet_id: string;
  operator_id: string;
  grant_id: string;
  player_id: string;
  currency: string;
  game: string;
  table_id: string | null;
  stake: string;
  count: number;
  used: number;
  expires_at: Date;
  winnings_as: 'cash' | 'bonus';
  bonus_id: string | null;
  request_hash: string;
  created_at: Date;
};

const COLUMNS = `free_bet_id, operator_id, grant_id, player_id, currency, game, table_id, stake::text, count, used,
  expires_at, winnings_as, bonus_id, request_hash, created_at`;

const toFreeBet = (r: RawFreeBet): FreeBetRow => ({
  freeBetId: r.free_bet_id,
  operatorId: r.operator_id,
  grantId: r.grant_id,
  playerId: r.player_id,
  currency: r.currency,
  game: r.game,
  tableId: r.table_id,
  stake: BigInt(r.stake),
  count: r.count,
  used: r.used,
  expiresAt: new Date(r.expires_at).toISOString(),
  winningsAs: r.winnings_as,
  bonusId: r.bonus_id,
  requestHash: r.request_hash,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function insertFreeBet(
  sql: Sql,
  f: Omit<FreeBetRow, 'used' | 'createdAt'>,
): Promise<FreeBetRow> {
  const [row] = await sql.rows<RawFreeBet>(
    `INSERT INTO ledger_free_bets (free_bet_id, operator_id, grant_id, player_id, currency, game, table_id, stake,
       count, expires_at, winnings_as, bonus_id, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [
      f.freeBetId,
      f.operatorId,
      f.grantId,
      f.playerId,
      f.currency,
      f.game,
      f.tableId,
      f.stake.toString(),
      f.count,
      f.expiresAt,
      f.winningsAs,
      f.bonusId,
      f.requestHash,
    ],
  );
  return toFreeBet(row);
}

/** The operator's free bets of this grant id (its idempotency key). */
export async function findFreeBetByGrant(
  sql: Sql,
  operatorId: string,
  grantId: string,
): Promise<FreeBetRow | undefined> {
  const [row] = await sql.rows<RawFreeBet>(
    `SELECT ${COLUMNS} FROM ledger_free_bets WHERE operator_id = $1 AND grant_id = $2`,
    [operatorId, grantId],
  );
  return row ? toFreeBet(row) : undefined;
}

/** A player's free-bet grants with the operator, newest first. */
export async function listFreeBets(sql: Sql, operatorId: string, playerId: string): Promise<FreeBetRow[]> {
  const rows = await sql.rows<RawFreeBet>(
    `SELECT ${COLUMNS} FROM ledger_free_bets WHERE operator_id = $1 AND player_id = $2
     ORDER BY created_at DESC, free_bet_id LIMIT 500`,
    [operatorId, playerId],
  );
  return rows.map(toFreeBet);
}

/**
 * The grants with free bets left and not expired of the given (operator, player, currency) triples, oldest first,
 * locked. The caller holds the players' wallet locks (taken first): two ledger instances deciding bets of one
 * player queue on the wallet, and the second reads what the first used.
 */
export async function lockUsableFreeBets(
  sql: Sql,
  players: readonly { operatorId: string; playerId: string; currency: string }[],
  at: string,
): Promise<FreeBetRow[]> {
  if (players.length === 0) return [];
  const rows = await sql.rows<RawFreeBet>(
    `SELECT ${COLUMNS} FROM ledger_free_bets
     WHERE (operator_id, player_id, currency) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))
       AND used < count AND expires_at > $4::timestamptz
     ORDER BY created_at, free_bet_id FOR UPDATE`,
    [players.map((p) => p.operatorId), players.map((p) => p.playerId), players.map((p) => p.currency), at],
  );
  return rows.map(toFreeBet);
}

/** A bet that used a free bet. */
export interface FreeBetUse {
  betId: string;
  freeBetId: string;
  tableId: string;
  roundId: string;
  stake: bigint;
}

/** Records the batch's free-bet uses and counts them on their grants. */
export async function insertFreeBetUses(sql: Sql, uses: readonly FreeBetUse[]): Promise<void> {
  if (uses.length === 0) return;
  await sql.rows(
    `INSERT INTO ledger_free_bet_uses (bet_id, free_bet_id, table_id, round_id, stake)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
    [
      uses.map((u) => u.betId),
      uses.map((u) => u.freeBetId),
      uses.map((u) => u.tableId),
      uses.map((u) => u.roundId),
      uses.map((u) => u.stake.toString()),
    ],
  );
  await addUsed(
    sql,
    uses.map((u) => u.freeBetId),
    1,
  );
}

async function addUsed(sql: Sql, freeBetIds: readonly string[], delta: number): Promise<void> {
  const counts = new Map<string, number>();
  for (const id of freeBetIds) counts.set(id, (counts.get(id) ?? 0) + delta);
  await sql.rows(
    `UPDATE ledger_free_bets f SET used = f.used + d.n
     FROM unnest($1::text[], $2::int[]) AS d(id, n) WHERE f.free_bet_id = d.id`,
    [[...counts.keys()], [...counts.values()]],
  );
}

/** The open free-bet uses among these bets: bet id → its use. */
export async function openFreeBetUses(sql: Sql, betIds: readonly string[]): Promise<Map<string, FreeBetUse>> {
  if (betIds.length === 0) return new Map();
  const rows = await sql.rows<{
    bet_id: string;
    free_bet_id: string;
    table_id: string;
    round_id: string;
    stake: string;
  }>(
    `SELECT bet_id, free_bet_id, table_id, round_id, stake::text FROM ledger_free_bet_uses
     WHERE bet_id = ANY($1::text[]) AND status = 'open'`,
    [[...new Set(betIds)]],
  );
  return new Map(
    rows.map((r) => [
      r.bet_id,
      {
        betId: r.bet_id,
        freeBetId: r.free_bet_id,
        tableId: r.table_id,
        roundId: r.round_id,
        stake: BigInt(r.stake),
      },
    ]),
  );
}

/** An open free-bet use of a round with where its grant pays the winnings. */
export interface RoundFreeBetUse extends FreeBetUse {
  /** The bonus holding the winnings (a grant paying them as bonus money), else null. */
  bonusId: string | null;
}

/** The open free-bet uses of a round (one indexed read): bet id → its use. */
export async function freeBetUsesOfRound(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<Map<string, RoundFreeBetUse>> {
  const rows = await sql.rows<{
    bet_id: string;
    free_bet_id: string;
    stake: string;
    bonus_id: string | null;
  }>(
    `SELECT x.bet_id, x.free_bet_id, x.stake::text, f.bonus_id FROM ledger_free_bet_uses x
     JOIN ledger_free_bets f USING (free_bet_id)
     WHERE x.table_id = $1 AND x.round_id = $2 AND x.status = 'open'`,
    [tableId, roundId],
  );
  return new Map(
    rows.map((r) => [
      r.bet_id,
      {
        betId: r.bet_id,
        freeBetId: r.free_bet_id,
        tableId,
        roundId,
        stake: BigInt(r.stake),
        bonusId: r.bonus_id,
      },
    ]),
  );
}

/**
 * Ends free-bet uses: settled (what went back to the promotion book and what the player won), or refunded and
 * cancelled (all of the stake back to the book, and the free bet given back to its grant).
 */
export async function endFreeBetUses(
  sql: Sql,
  ends: readonly {
    use: FreeBetUse;
    status: 'settled' | 'refunded' | 'cancelled';
    toPromotion: bigint;
    winnings: bigint;
  }[],
): Promise<void> {
  if (ends.length === 0) return;
  await sql.rows(
    `UPDATE ledger_free_bet_uses u SET status = d.status, to_promotion = d.to_promotion, winnings = d.winnings
     FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS d(bet_id, status, to_promotion, winnings)
     WHERE u.bet_id = d.bet_id AND u.status = 'open'`,
    [
      ends.map((e) => e.use.betId),
      ends.map((e) => e.status),
      ends.map((e) => e.toPromotion.toString()),
      ends.map((e) => e.winnings.toString()),
    ],
  );
  const givenBack = ends.filter((e) => e.status !== 'settled').map((e) => e.use.freeBetId);
  if (givenBack.length > 0) await addUsed(sql, givenBack, -1);
}
