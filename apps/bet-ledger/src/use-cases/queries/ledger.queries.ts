import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { SeamlessBalances } from '../../seamless/seamless-balances';
import { BalanceDto, BetViewDto, RoundViewDto, WalletMovementDto } from './views.dto';

type RawBetView = {
  bet_id: string;
  command_id: string;
  table_id: string;
  round_id: string;
  game: string;
  player_id: string;
  operator_id: string;
  currency: string;
  stake: string;
  spec: Record<string, unknown>;
  accepted_at: Date;
  cancelled_at: Date | null;
  kind: string | null;
  returned: string | null;
  outcome: string | null;
};

// A bet with how it ended: its round's settlement row, unnested (one row per round, arrays per bet).
const BET_VIEW = `SELECT b.bet_id, b.command_id, b.table_id, b.round_id, b.game, b.player_id, b.operator_id, b.currency,
  b.stake, b.spec, b.accepted_at, b.cancelled_at, o.kind, o.returned, o.outcome
  FROM ledger_bets b LEFT JOIN LATERAL (
    SELECT s.kind, u.returned, u.outcome FROM ledger_round_settlements s,
      unnest(s.bet_ids, s.returned, s.outcomes) AS u(bet_id, returned, outcome)
    WHERE s.table_id = b.table_id AND s.round_id = b.round_id AND u.bet_id = b.bet_id) o ON true`;

function betView(r: RawBetView): BetViewDto {
  return {
    betId: r.bet_id,
    commandId: r.command_id,
    tableId: r.table_id,
    roundId: r.round_id,
    game: r.game,
    playerId: r.player_id,
    operatorId: r.operator_id,
    currency: r.currency,
    stake: String(r.stake),
    bet: r.spec,
    acceptedAt: new Date(r.accepted_at).toISOString(),
    // A cancelled bet has no outcome: it is neither open nor settled.
    status: r.cancelled_at ? 'cancelled' : (r.kind ?? 'open'),
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at).toISOString() : null,
    returned: r.returned === null ? null : String(r.returned),
    outcome: r.outcome,
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The read side: balances, a player's bets and round recall, in plain SQL over the ledger's tables. */
@Injectable()
export class LedgerQueries {
  constructor(
    private readonly ds: DataSource,
    private readonly seamless: SeamlessBalances,
  ) {}

  /** A seamless operator's player's balances are the operator wallet's (SeamlessBalances). */
  async balances(operatorId: string, playerId: string): Promise<BalanceDto[]> {
    const atOperator = await this.seamless.balances(operatorId, playerId);
    if (atOperator) return atOperator;
    // Cash and bonus apart (docs/ledger.md#bonus-funds): a currency with only a bonus shows a cash balance of 0.
    const rows: { currency: string; balance: string; bonus: string | null }[] = await this.ds.query(
      `SELECT currency, coalesce(sum(balance) FILTER (WHERE kind = 'player'), 0)::text AS balance,
         (sum(balance) FILTER (WHERE kind = 'bonus'))::text AS bonus
       FROM wallet_accounts WHERE kind IN ('player', 'bonus') AND operator_id = $1 AND player_id = $2
       GROUP BY currency ORDER BY currency`,
      [operatorId, playerId],
    );
    if (!rows.some((r) => r.bonus !== null))
      return rows.map((r) => ({ currency: r.currency, balance: r.balance }));
    // The active bonus's wagering progress beside its balance (one per player and currency).
    const active: { currency: string; wagered: string; requirement: string; expires_at: Date }[] =
      await this.ds.query(
        `SELECT currency, wagered::text, requirement::text, expires_at FROM ledger_bonuses
         WHERE operator_id = $1 AND player_id = $2 AND status = 'active' AND expires_at > now()`,
        [operatorId, playerId],
      );
    const progress = new Map(active.map((b) => [b.currency, b] as const));
    return rows.map((r) => {
      if (r.bonus === null) return { currency: r.currency, balance: r.balance };
      const b = progress.get(r.currency);
      return b
        ? {
            currency: r.currency,
            balance: r.balance,
            bonus: r.bonus,
            wagering: {
              wagered: b.wagered,
              requirement: b.requirement,
              expiresAt: new Date(b.expires_at).toISOString(),
            },
          }
        : { currency: r.currency, balance: r.balance, bonus: r.bonus };
    });
  }

  async playerBets(operatorId: string, playerId: string, limit: number): Promise<BetViewDto[]> {
    const rows: RawBetView[] = await this.ds.query(
      `${BET_VIEW} WHERE b.operator_id = $1 AND b.player_id = $2 ORDER BY b.accepted_at DESC, b.bet_id LIMIT $3`,
      [operatorId, playerId, limit],
    );
    return rows.map(betView);
  }

  /** A page of a player's bets, newest first; the cursor is the last bet of the previous page. */
  async playerBetsPage(
    operatorId: string,
    playerId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ items: BetViewDto[]; nextCursor: string | null }> {
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows: (RawBetView & { at_text: string })[] = await this.ds.query(
      `SELECT v.*, v.accepted_at::text AS at_text FROM (${BET_VIEW}
         WHERE b.operator_id = $1 AND b.player_id = $2
           AND ($4::timestamptz IS NULL OR (b.accepted_at, b.bet_id) < ($4::timestamptz, $5::text))) v
       ORDER BY v.accepted_at DESC, v.bet_id DESC LIMIT $3`,
      [operatorId, playerId, limit + 1, after?.[0] ?? null, after?.[1] ?? null],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(betView),
      nextCursor: rows.length > limit && last ? encodeCursor([last.at_text, last.bet_id]) : null,
    };
  }

  /** A page of a player's wallet movements (every currency), newest first; the cursor is the last posting id. */
  async playerTransactions(
    operatorId: string,
    playerId: string,
    limit: number,
    cursor?: string,
  ): Promise<{ items: WalletMovementDto[]; nextCursor: string | null }> {
    const after = cursor ? decodeCursor(cursor)[0] : undefined;
    if (after !== undefined && !/^[0-9]{1,19}$/.test(after))
      throw new LedgerError('INVALID_REQUEST', 'bad cursor');
    const rows: {
      id: string;
      kind: string;
      reference: string | null;
      currency: string;
      amount: string;
      created_at: Date;
    }[] = await this.ds.query(
      `SELECT p.id::text AS id, e.kind, e.reference, e.currency, p.amount::text AS amount, e.created_at
       FROM wallet_accounts a JOIN wallet_postings p ON p.account_id = a.id JOIN wallet_entries e ON e.id = p.entry_id
       WHERE a.kind = 'player' AND a.operator_id = $1 AND a.player_id = $2 AND ($4::bigint IS NULL OR p.id < $4::bigint)
       ORDER BY p.id DESC LIMIT $3`,
      [operatorId, playerId, limit + 1, after ?? null],
    );
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => ({
        id: r.id,
        kind: r.kind,
        reference: r.reference,
        currency: r.currency,
        amount: r.amount,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      nextCursor: rows.length > limit ? encodeCursor([page[page.length - 1].id]) : null,
    };
  }

  /** Round recall for one operator: the round, with only that operator's bets and totals. */
  async operatorRound(operatorId: string, tableId: string, roundId: string): Promise<RoundViewDto> {
    const round = await this.round(tableId, roundId);
    const bets = round.bets.filter((b) => b.operatorId === operatorId);
    const live = bets.filter((b) => b.status !== 'cancelled');
    return {
      ...round,
      bets,
      betCount: live.length,
      totalStaked: live.reduce((s, b) => s + BigInt(b.stake), 0n).toString(),
      totalReturned: live.reduce((s, b) => s + BigInt(b.returned ?? '0'), 0n).toString(),
    };
  }

  async round(tableId: string, roundId: string): Promise<RoundViewDto> {
    const rounds = await this.ds.query(
      `SELECT r.*, (SELECT coalesce(sum(u.v), 0) FROM ledger_round_settlements s, unnest(s.returned) AS u(v)
                    WHERE s.table_id = r.table_id AND s.round_id = r.round_id) AS total_returned
       FROM ledger_rounds r WHERE table_id = $1 AND round_id = $2`,
      [tableId, roundId],
    );
    if (rounds.length === 0) throw new LedgerError('ROUND_NOT_FOUND', `no round ${tableId}/${roundId}`);
    const r = rounds[0];
    const bets: RawBetView[] = await this.ds.query(
      `${BET_VIEW} WHERE b.table_id = $1 AND b.round_id = $2 ORDER BY b.accepted_at, b.bet_id`,
      [tableId, roundId],
    );
    return {
      tableId: r.table_id,
      roundId: r.round_id,
      game: r.game,
      currency: r.currency,
      status: r.status,
      table: r.config,
      shoe: r.shoe_id ? { shoeId: r.shoe_id, hash: r.shoe_hash } : null,
      result: r.result,
      voidReason: r.void_reason,
      problem: r.problem,
      openedAt: new Date(r.opened_at).toISOString(),
      closedAt: iso(r.closed_at),
      finishedAt: iso(r.finished_at),
      betCount: r.bet_count,
      totalStaked: String(r.total_staked),
      totalReturned: String(r.total_returned),
      bets: bets.map(betView),
    };
  }
}

/** Opaque page cursors: base64url of a JSON array of the last row's sort key. */
function encodeCursor(parts: string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parts) && parts.length > 0 && parts.every((p) => typeof p === 'string')) return parts;
  } catch {
    // falls through
  }
  throw new LedgerError('INVALID_REQUEST', 'bad cursor');
}
