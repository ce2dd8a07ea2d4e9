import { CompiledBet, compileBet, settleCompiledBet, spinProblem, validateBet } from '@casino/roulette';
import { RouletteResult } from '@casino/events';
import { SettledItem } from '../../rounds/round-book';
import { BetToSettle, RoundSettlement } from './settlement.types';

/**
 * Every payout from the pocket, with @casino/roulette (bets compiled once per distinct spec). A spin the engine
 * does not count (docs/rules/roulette.md#no-spin) pays nothing.
 */
export function settleRouletteRound(result: RouletteResult, bets: readonly BetToSettle[]): RoundSettlement {
  const noSpin = spinProblem(result);
  if (noSpin) return { ok: false, ...noSpin };
  const compiled = new Map<string, CompiledBet>();
  const items: SettledItem[] = [];
  for (const bet of bets) {
    if (bet.spec.game !== 'roulette') throw new Error(`bet ${bet.betId} is not a roulette bet`);
    const specKey = JSON.stringify(bet.spec.spec);
    let c = compiled.get(specKey);
    if (!c) {
      const valid = validateBet(bet.spec.spec);
      if (!valid.ok) throw new Error(`accepted bet ${bet.betId} is invalid: ${valid.message}`);
      compiled.set(specKey, (c = compileBet(valid.bet)));
    }
    const s = settleCompiledBet(c, bet.stake, result.pocket);
    items.push({ betId: bet.betId, returned: s.returned, outcome: s.result });
  }
  return { ok: true, items };
}
