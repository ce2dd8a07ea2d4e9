import { Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import {
  activeBonusProgress,
  betsOfPlayerBefore,
  betsOfRound,
  latestBetsOfPlayer,
  playerBalanceRows,
  playerMovements,
  RawBetView,
  roundViewRow,
} from '../../bets/bet-views.repository';
import { poolSql } from '../../database/pool-sql';
import { LedgerError } from '../../errors/ledger.errors';
import { SeamlessBalances } from '../../seamless/seamless-balances';
import { BalanceDto, BetViewDto, RoundViewDto, WalletMovementDto } from './views.dto';

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
  private readonly sql: Sql;

  constructor(
    ds: DataSource,
    private readonly seamless: SeamlessBalances,
  ) {
    this.sql = poolSql(ds);
  }

  /** A seamless operator's player's balances are the operator wallet's (SeamlessBalances). */
  async balances(operatorId: string, playerId: string): Promise<BalanceDto[]> {
    const atOperator = await this.seamless.balances(operatorId, playerId);
    if (atOperator) return atOperator;
    const rows = await playerBalanceRows(this.sql, operatorId, playerId);
    if (!rows.some((r) => r.bonus !== null))
      return rows.map((r) => ({ currency: r.currency, balance: r.balance }));
    // The active bonus's wagering progress beside its balance (one per player and currency).
    const active = await activeBonusProgress(this.sql, operatorId, playerId);
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
    const rows = await latestBetsOfPlayer(this.sql, operatorId, playerId, limit);
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
    const rows = await betsOfPlayerBefore(this.sql, operatorId, playerId, limit + 1, after);
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
    const rows = await playerMovements(this.sql, operatorId, playerId, limit + 1, after);
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
    const r = await roundViewRow(this.sql, tableId, roundId);
    if (!r) throw new LedgerError('ROUND_NOT_FOUND', `no round ${tableId}/${roundId}`);
    const bets = await betsOfRound(this.sql, tableId, roundId);
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
