import { Inject, Injectable } from '@nestjs/common';
import { LEDGER_CONFIG, LedgerConfig } from '../../config/ledger-config';
import { LedgerError } from '../../errors/ledger.errors';
import { OperatorAccount } from '../../operators/operator-account';
import {
  GAMBLING_LIMIT_KINDS,
  GamblingLimitKind,
  periodStarts,
} from '../../responsible-gambling/gambling-periods';
import {
  GamblingLimitRow,
  gamblingLimitRows,
  gamblingTotals,
  putGamblingLimit,
} from '../../responsible-gambling/gambling-limits.repository';
import { TransactionRunner } from '../../transaction/transaction.runner';

/** The API's names of the limits. */
export const GAMBLING_LIMIT_FIELDS: Readonly<Record<GamblingLimitKind, string>> = {
  daily_wager: 'dailyWager',
  weekly_wager: 'weeklyWager',
  daily_loss: 'dailyLoss',
  weekly_loss: 'weeklyLoss',
  max_stake: 'maxStake',
};

export interface SetGamblingLimitsCommand {
  playerId: string;
  currency: string;
  /** Minor units as decimal strings; null removes the limit; absent leaves it as it is. */
  limits: Partial<Record<GamblingLimitKind, string | null>>;
}

export interface LimitState {
  /** In force now (null: no limit). */
  current: string | null;
  /** A raise (or removal) waiting for its cooling-off period. */
  pending?: { amount: string | null; effectiveAt: string };
}

export interface GamblingLimitsState {
  playerId: string;
  currency: string;
  limits: Record<string, LimitState>;
  used: {
    day: { start: string; wagered: string; netLoss: string };
    week: { start: string; wagered: string; netLoss: string };
  };
}

const MAX_AMOUNT = 2n ** 63n - 1n;

/** What the limits need of an operator: the signed API's operator, or a player token's operator and currency. */
export type LimitsOperator = Pick<OperatorAccount, 'operatorId' | 'currencies'>;

/**
 * The operator-set responsible-gambling limits of a player in one currency (docs/rules/restrictions.md): a lower
 * limit applies at once; a higher one (or a removal) only after LEDGER_LIMIT_RAISE_DELAY_HOURS, stored as
 * pending with its effective time until then. The place-bets decision reads them with the bet context.
 */
@Injectable()
export class SetGamblingLimitsUseCase {
  /** Tests move the clock. */
  now: () => Date = () => new Date();

  constructor(
    private readonly transactions: TransactionRunner,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  async set(op: LimitsOperator, cmd: SetGamblingLimitsCommand): Promise<GamblingLimitsState> {
    this.checkCurrency(op, cmd.currency);
    const wanted = new Map<GamblingLimitKind, bigint | null>();
    for (const kind of GAMBLING_LIMIT_KINDS) {
      const v = cmd.limits[kind];
      if (v === undefined) continue;
      if (v !== null && (!/^(0|[1-9][0-9]{0,18})$/.test(v) || BigInt(v) > MAX_AMOUNT))
        throw new LedgerError(
          'INVALID_AMOUNT',
          `${GAMBLING_LIMIT_FIELDS[kind]} must be null or a decimal integer of minor units below 2^63`,
        );
      wanted.set(kind, v === null ? null : BigInt(v));
    }
    const now = this.now();
    const effectiveAt = new Date(now.getTime() + this.config.LEDGER_LIMIT_RAISE_DELAY_HOURS * 3_600_000);
    return this.transactions
      .run('tx.gamblingLimits', async (ctx) => {
        const player = { operatorId: op.operatorId, playerId: cmd.playerId, currency: cmd.currency };
        const rows = await gamblingLimitRows(ctx.sql, player, true);
        const byKind = new Map(rows.map((r) => [r.kind, r]));
        for (const [kind, next] of wanted) {
          const current = inForce(byKind.get(kind), now);
          const lowers = next !== null && (current === null || next <= current);
          const at = lowers || effectiveAt <= now ? null : effectiveAt;
          await putGamblingLimit(ctx.sql, player, {
            kind,
            amount: at ? current : next,
            pendingAmount: at ? next : null,
            pendingFrom: at,
            at: now,
          });
        }
        return undefined;
      })
      .then(() => this.get(op, cmd.playerId, cmd.currency));
  }

  async get(op: LimitsOperator, playerId: string, currency: string): Promise<GamblingLimitsState> {
    this.checkCurrency(op, currency);
    const now = this.now();
    const periods = periodStarts(now);
    return this.transactions.run('tx.gamblingLimitsRead', async (ctx) => {
      const player = { operatorId: op.operatorId, playerId, currency };
      const rows = await gamblingLimitRows(ctx.sql, player);
      const totals = await gamblingTotals(ctx.sql, player, periods);
      const byKind = new Map(rows.map((r) => [r.kind, r]));
      const limits: Record<string, LimitState> = {};
      for (const kind of GAMBLING_LIMIT_KINDS) {
        const row = byKind.get(kind);
        const state: LimitState = { current: inForce(row, now)?.toString() ?? null };
        if (row?.pending && row.pending_from && new Date(row.pending_from) > now)
          state.pending = {
            amount: row.pending_amount,
            effectiveAt: new Date(row.pending_from).toISOString(),
          };
        limits[GAMBLING_LIMIT_FIELDS[kind]] = state;
      }
      const used = (period: 'day' | 'week') => {
        const t = totals.find((r) => r.period === period);
        return { start: periods[period], wagered: t?.wagered ?? '0', netLoss: t?.net_loss ?? '0' };
      };
      return { playerId, currency, limits, used: { day: used('day'), week: used('week') } };
    });
  }

  private checkCurrency(op: LimitsOperator, currency: string): void {
    if (!op.currencies.includes(currency))
      throw new LedgerError('CURRENCY_NOT_SUPPORTED', `operator ${op.operatorId} does not offer ${currency}`);
  }
}

/** The limit in force at `now`: a pending raise once its time has come, else the stored amount. */
function inForce(row: GamblingLimitRow | undefined, now: Date): bigint | null {
  if (!row) return null;
  const v =
    row.pending && row.pending_from && new Date(row.pending_from) <= now ? row.pending_amount : row.amount;
  return v === null ? null : BigInt(v);
}
