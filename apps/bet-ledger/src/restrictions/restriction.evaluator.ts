import { coverageProblem } from '@casino/roulette';
import { MaxDifferenceRule, RestrictionCode, RestrictionRule, RULE_CODES } from './restriction-rules';

/** A bet as the rules see it. `numbers`: the numbers it wins on, for coverage rules (roulette). */
export interface RestrictedBet {
  key: string;
  stake: bigint;
  numbers?: readonly number[];
  fundsSource?: 'cash' | 'bonus';
}

/** What the rules look at besides the new bet. */
export interface RestrictionContext {
  /** The player's bets already accepted in this round. */
  playerBets: readonly RestrictedBet[];
  /** The table's totals per limit key in this round. */
  tableTotals: ReadonlyMap<string, bigint>;
  /** Table settings of the round. */
  maxDifference?: bigint;
  tableMax: Readonly<Record<string, bigint>>;
}

export type RestrictionVerdict =
  { ok: true } | { ok: false; code: RestrictionCode; ruleId: string; message: string };

const OK: RestrictionVerdict = { ok: true };

/** Applies `rules` (already filtered to the bet's game) to one new bet; the first broken rule decides. */
export function evaluateRestrictions(
  rules: readonly RestrictionRule[],
  bet: RestrictedBet,
  ctx: RestrictionContext,
): RestrictionVerdict {
  for (const rule of rules) {
    const problem = check(rule, bet, ctx);
    if (problem) return { ok: false, code: RULE_CODES[rule.kind], ruleId: rule.id, message: problem };
  }
  return OK;
}

/**
 * The table-wide rules a withdrawn bet must still respect: taking a stake off one side may not leave the
 * Player−Banker difference above the table's maximum (docs/rules/restrictions.md#maximum-difference).
 */
export function evaluateWithdrawal(
  rules: readonly RestrictionRule[],
  bet: { key: string; stake: bigint },
  ctx: Pick<RestrictionContext, 'tableTotals' | 'maxDifference'>,
): RestrictionVerdict {
  for (const rule of rules) {
    if (rule.kind !== 'max-difference') continue;
    const problem = differenceProblem(rule, bet.key, -bet.stake, ctx);
    if (problem) return { ok: false, code: RULE_CODES[rule.kind], ruleId: rule.id, message: problem };
  }
  return OK;
}

/** |a − b| after adding `delta` to `key`'s total; a change that narrows the difference is always fine. */
function differenceProblem(
  rule: MaxDifferenceRule,
  key: string,
  delta: bigint,
  ctx: Pick<RestrictionContext, 'tableTotals' | 'maxDifference'>,
): string | null {
  if (ctx.maxDifference === undefined) return null;
  const [a, b] = rule.keys;
  if (key !== a && key !== b) return null;
  const ta = ctx.tableTotals.get(a) ?? 0n;
  const tb = ctx.tableTotals.get(b) ?? 0n;
  const before = abs(ta - tb);
  const after = abs(ta - tb + (key === a ? delta : -delta));
  // Narrowing is fine even if a settings change left the table above the maximum.
  return after > ctx.maxDifference && after > before
    ? `difference ${a}−${b} would be ${after}, the table allows ${ctx.maxDifference}`
    : null;
}

function check(rule: RestrictionRule, bet: RestrictedBet, ctx: RestrictionContext): string | null {
  switch (rule.kind) {
    case 'exclusive': {
      const [a, b] = rule.keys;
      const other = bet.key === a ? b : bet.key === b ? a : null;
      if (other === null) return null;
      return ctx.playerBets.some((p) => p.key === other) ? `${rule.description} (already on ${other})` : null;
    }
    case 'max-difference':
      return differenceProblem(rule, bet.key, bet.stake, ctx);
    case 'max-coverage': {
      if (!bet.numbers) return null;
      const covered = ctx.playerBets.flatMap((p) => p.numbers ?? []);
      return coverageProblem(covered, bet.numbers, rule.maxNumbers)?.message ?? null;
    }
    case 'table-total': {
      const max = ctx.tableMax[bet.key];
      if (max === undefined) return null;
      const total = (ctx.tableTotals.get(bet.key) ?? 0n) + bet.stake;
      return total > max ? `table total on ${bet.key} would be ${total}, the table allows ${max}` : null;
    }
    case 'no-bonus-funds':
      return bet.fundsSource === 'bonus' ? rule.description : null;
  }
}

const abs = (v: bigint) => (v < 0n ? -v : v);
