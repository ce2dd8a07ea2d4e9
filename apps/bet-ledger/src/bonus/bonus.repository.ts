import { Sql } from '@casino/wallet';

export type BonusStatus = 'active' | 'converted' | 'forfeited' | 'expired';

/** A bonus an operator granted a player (ledger_bonuses, migration 1765000000000-bonus-funds). */
export interface BonusRow {
  bonusId: string;
  operatorId: string;
  grantId: string;
  playerId: string;
  currency: string;
  accountId: string;
  amount: bigint;
  wageringMultiple: number;
  /** Turnover needed: amount × wagering multiple. */
  requirement: bigint;
  games: string[] | null;
  expiresAt: string;
  status: BonusStatus;
  wagered: bigint;
  converted: bigint;
  forfeited: bigint;
  requestHash: string;
  createdAt: string;
  endedAt: string | null;
}

type RawBonus = {
  bonus_id: string;
  operator_id: string;
  grant_id: string;
  player_id: string;
  currency: string;
  account_id: string;
  amount: string;
  wagering_multiple: number;
  requirement: string;
  games: string[] | null;
  expires_at: Date;
  status: BonusStatus;
  wagered: string;
  converted: string;
  forfeited: string;
  request_hash: string;
  created_at: Date;
  ended_at: Date | null;
};

const COLUMNS = `bonus_id, operator_id, grant_id, player_id, currency, account_id::text, amount::text,
  wagering_multiple, requirement::text, games, expires_at, status, wagered::text, converted::text,
  forfeited::text, request_hash, created_at, ended_at`;

const toBonus = (r: RawBonus): BonusRow => ({
  bonusId: r.bonus_id,
  operatorId: r.operator_id,
  grantId: r.grant_id,
  playerId: r.player_id,
  currency: r.currency,
  accountId: String(r.account_id),
  amount: BigInt(r.amount),
  wageringMultiple: r.wagering_multiple,
  requirement: BigInt(r.requirement),
  games: r.games,
  expiresAt: new Date(r.expires_at).toISOString(),
  status: r.status,
  wagered: BigInt(r.wagered),
  converted: BigInt(r.converted),
  forfeited: BigInt(r.forfeited),
  requestHash: r.request_hash,
  createdAt: new Date(r.created_at).toISOString(),
  endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
});

export async function insertBonus(
  sql: Sql,
  b: Omit<BonusRow, 'status' | 'wagered' | 'converted' | 'forfeited' | 'createdAt' | 'endedAt'>,
): Promise<BonusRow> {
  const [row] = await sql.rows<RawBonus>(
    `INSERT INTO ledger_bonuses (bonus_id, operator_id, grant_id, player_id, currency, account_id, amount,
       wagering_multiple, requirement, games, expires_at, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12) RETURNING ${COLUMNS}`,
    [
      b.bonusId,
      b.operatorId,
      b.grantId,
      b.playerId,
      b.currency,
      b.accountId,
      b.amount.toString(),
      b.wageringMultiple,
      b.requirement.toString(),
      b.games,
      b.expiresAt,
      b.requestHash,
    ],
  );
  return toBonus(row);
}

/** The operator's bonus of this grant id (its idempotency key), locked when `lock`. */
export async function findBonusByGrant(
  sql: Sql,
  operatorId: string,
  grantId: string,
  lock = false,
): Promise<BonusRow | undefined> {
  const [row] = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE operator_id = $1 AND grant_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [operatorId, grantId],
  );
  return row ? toBonus(row) : undefined;
}

/** A player's bonuses with the operator, newest first. */
export async function listBonuses(sql: Sql, operatorId: string, playerId: string): Promise<BonusRow[]> {
  const rows = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE operator_id = $1 AND player_id = $2
     ORDER BY created_at DESC, bonus_id LIMIT 500`,
    [operatorId, playerId],
  );
  return rows.map(toBonus);
}

/**
 * The active bonus of a bonus account, locked. The caller holds the account's lock (taken first: every change of
 * a bonus row happens under its account's lock, so a settlement, an expiry and a forfeit of one bonus queue).
 */
export async function lockActiveBonus(sql: Sql, accountId: string): Promise<BonusRow | undefined> {
  const [row] = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE account_id = $1 AND status = 'active' FOR UPDATE`,
    [accountId],
  );
  return row ? toBonus(row) : undefined;
}

/** Bonuses by id, locked (their accounts' locks held by the caller). */
export async function lockBonuses(sql: Sql, ids: readonly string[]): Promise<Map<string, BonusRow>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE bonus_id = ANY($1::text[]) ORDER BY bonus_id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.bonus_id, toBonus(r)] as const));
}

/** What a bet batch needs of the active bonuses of its players' bonus accounts (read after they are locked). */
export async function activeBonusesOf(
  sql: Sql,
  accountIds: readonly string[],
  at: string,
): Promise<Map<string, { bonusId: string; games: string[] | null; bonusFirst: boolean }>> {
  if (accountIds.length === 0) return new Map();
  const rows = await sql.rows<{
    account_id: string;
    bonus_id: string;
    games: string[] | null;
    bonus_first: boolean;
  }>(
    `SELECT b.account_id::text, b.bonus_id, b.games, o.bonus_first FROM ledger_bonuses b
     JOIN ledger_operators o ON o.operator_id = b.operator_id
     WHERE b.account_id = ANY($1::bigint[]) AND b.status = 'active' AND b.expires_at > $2::timestamptz`,
    [accountIds, at],
  );
  return new Map(
    rows.map((r) => [
      String(r.account_id),
      { bonusId: r.bonus_id, games: r.games, bonusFirst: r.bonus_first },
    ]),
  );
}

/**
 * Records a bonus's progress and, when it ends, how; `amount` and `requirement` grow a free-bet grant's bonus by
 * the winnings it is paid (docs/ledger.md#free-bets).
 */
export async function updateBonus(
  sql: Sql,
  bonusId: string,
  change: {
    wagered?: bigint;
    converted?: bigint;
    forfeited?: bigint;
    status?: BonusStatus;
    amount?: bigint;
    requirement?: bigint;
  },
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_bonuses SET wagered = wagered + $2, converted = converted + $3, forfeited = forfeited + $4,
       status = coalesce($5, status), ended_at = CASE WHEN $5 IS NULL THEN ended_at ELSE now() END,
       amount = amount + $6, requirement = requirement + $7
     WHERE bonus_id = $1`,
    [
      bonusId,
      (change.wagered ?? 0n).toString(),
      (change.converted ?? 0n).toString(),
      (change.forfeited ?? 0n).toString(),
      change.status ?? null,
      (change.amount ?? 0n).toString(),
      (change.requirement ?? 0n).toString(),
    ],
  );
}

export type BonusAuditAction = 'grant' | 'convert' | 'forfeit' | 'expire' | 'leftover';

export async function auditBonus(
  sql: Sql,
  bonusId: string,
  action: BonusAuditAction,
  amount: bigint,
  actor: string,
  reason: string,
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_bonus_audit (bonus_id, action, amount, actor, reason) VALUES ($1, $2, $3, $4, $5)`,
    [bonusId, action, amount.toString(), actor, reason],
  );
}

export interface BonusAuditRow {
  action: BonusAuditAction;
  amount: string;
  actor: string;
  reason: string;
  at: string;
}

export async function bonusAudit(sql: Sql, bonusId: string): Promise<BonusAuditRow[]> {
  const rows = await sql.rows<{
    action: BonusAuditAction;
    amount: string;
    actor: string;
    reason: string;
    at: Date;
  }>(
    `SELECT action, amount::text, actor, reason, at FROM ledger_bonus_audit WHERE bonus_id = $1 ORDER BY id`,
    [bonusId],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** Active bonuses past their expiry (the sweeper's work), oldest first. */
export async function dueExpiries(sql: Sql, at: string, limit: number): Promise<BonusRow[]> {
  const rows = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE status = 'active' AND expires_at <= $1::timestamptz
     ORDER BY expires_at LIMIT $2`,
    [at, limit],
  );
  return rows.map(toBonus);
}

/**
 * Bonus accounts holding money while their player has no active bonus: a cancel of a bet staked under a bonus
 * that ended meanwhile (settlements and voids clear theirs at once). Cancels come while a round is open, so only
 * bonuses ended in the last week are looked at (an index on the end time, not a scan of every account).
 */
export async function leftoverAccounts(
  sql: Sql,
  limit: number,
): Promise<{ operatorId: string; playerId: string; currency: string }[]> {
  const rows = await sql.rows<{ operator_id: string; player_id: string; currency: string }>(
    `SELECT DISTINCT a.operator_id, a.player_id, a.currency
       FROM ledger_bonuses e JOIN wallet_accounts a ON a.id = e.account_id
     WHERE e.status <> 'active' AND e.ended_at > now() - interval '7 days' AND a.balance > 0
       AND NOT EXISTS (SELECT 1 FROM ledger_bonuses b WHERE b.account_id = a.id AND b.status = 'active')
     LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ operatorId: r.operator_id, playerId: r.player_id, currency: r.currency }));
}

/** A bonus account's balance now (0 for an account that is gone). */
export async function bonusAccountBalance(sql: Sql, accountId: string): Promise<bigint> {
  const [acct] = await sql.rows<{ balance: string }>(
    `SELECT balance::text FROM wallet_accounts WHERE id = $1`,
    [accountId],
  );
  return BigInt(acct?.balance ?? '0');
}

/** The latest bonus of a bonus account (where its leftover belongs). */
export async function latestBonusOf(sql: Sql, accountId: string): Promise<BonusRow | undefined> {
  const [row] = await sql.rows<RawBonus>(
    `SELECT ${COLUMNS} FROM ledger_bonuses WHERE account_id = $1 ORDER BY created_at DESC, bonus_id DESC LIMIT 1
     FOR UPDATE`,
    [accountId],
  );
  return row ? toBonus(row) : undefined;
}

/** The bonus part of a bet staked while its player's bonus was active. */
export interface BetBonusPart {
  betId: string;
  bonusId: string;
  tableId: string;
  roundId: string;
  game: string;
  bonusStake: bigint;
  /** Whether its turnover counts toward the bonus (an eligible game). */
  counts: boolean;
}

export function insertBonusPartsStatement(parts: readonly BetBonusPart[]) {
  if (parts.length === 0) return undefined;
  const col = <T>(f: (p: BetBonusPart) => T) => parts.map(f);
  return {
    text: `INSERT INTO ledger_bet_bonus_parts (bet_id, bonus_id, table_id, round_id, game, bonus_stake, counts)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bool[])`,
    params: [
      col((p) => p.betId),
      col((p) => p.bonusId),
      col((p) => p.tableId),
      col((p) => p.roundId),
      col((p) => p.game),
      col((p) => p.bonusStake.toString()),
      col((p) => p.counts),
    ],
  };
}

/** The bonus parts of a round's bets, by bet id. */
export async function bonusPartsOfRound(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<Map<string, BetBonusPart>> {
  const rows = await sql.rows<{
    bet_id: string;
    bonus_id: string;
    game: string;
    bonus_stake: string;
    counts: boolean;
  }>(
    `SELECT bet_id, bonus_id, game, bonus_stake::text, counts FROM ledger_bet_bonus_parts
     WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId],
  );
  return new Map(
    rows.map((r) => [
      r.bet_id,
      {
        betId: r.bet_id,
        bonusId: r.bonus_id,
        tableId,
        roundId,
        game: r.game,
        bonusStake: BigInt(r.bonus_stake),
        counts: r.counts,
      },
    ]),
  );
}

/** The bonus parts of bets named by id (cancels). */
export async function bonusPartsOf(sql: Sql, betIds: readonly string[]): Promise<Map<string, BetBonusPart>> {
  if (betIds.length === 0) return new Map();
  const rows = await sql.rows<{
    bet_id: string;
    bonus_id: string;
    table_id: string;
    round_id: string;
    game: string;
    bonus_stake: string;
    counts: boolean;
  }>(
    `SELECT bet_id, bonus_id, table_id, round_id, game, bonus_stake::text, counts FROM ledger_bet_bonus_parts
     WHERE bet_id = ANY($1::text[])`,
    [betIds],
  );
  return new Map(
    rows.map((r) => [
      r.bet_id,
      {
        betId: r.bet_id,
        bonusId: r.bonus_id,
        tableId: r.table_id,
        roundId: r.round_id,
        game: r.game,
        bonusStake: BigInt(r.bonus_stake),
        counts: r.counts,
      },
    ]),
  );
}
