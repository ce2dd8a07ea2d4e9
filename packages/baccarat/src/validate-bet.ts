import { stakeRangeProblem } from '@casino/game-kit';
import { BaccaratBetType, isBaccaratBetType } from './bet-types';
import { BaccaratBetErrorCode } from './errors';
import { BaccaratTableRules, sideBetCutoffProblem } from './table-rules';

export type BetValidation = { ok: true } | { ok: false; code: BaccaratBetErrorCode; message: string };

/** A bet as it arrives from a player: the type is checked here, so it may be any string. */
export interface ProposedBet {
  type: BaccaratBetType | string;
  stake: bigint;
}

/**
 * What only the game knows about one bet: offered type, stake within the table's limits, side-bet cut-off,
 * no-bet rounds. `roundInShoe` is the 1-based number of the round about to be dealt, counting every round of the
 * shoe (no-bet rounds too). Cross-bet restrictions (Player+Banker, table difference, balance) are the ledger's.
 */
export function validateBet(rules: BaccaratTableRules, bet: ProposedBet, roundInShoe: number): BetValidation {
  const { type, stake } = bet;
  if (!isBaccaratBetType(type)) return reject('UNKNOWN_BET_TYPE', `unknown bet type ${JSON.stringify(type)}`);
  if (!rules.betTypes.includes(type))
    return reject('BET_NOT_OFFERED', `${type} is not offered at this table`);
  if (typeof stake !== 'bigint' || stake <= 0n) {
    return reject('INVALID_STAKE', `a stake must be a positive integer of minor units, got ${String(stake)}`);
  }
  if (!Number.isInteger(roundInShoe) || roundInShoe < 1) {
    return reject('INVALID_ROUND', `round in shoe must be a positive integer, got ${String(roundInShoe)}`);
  }
  if (rules.burnMode === 'no-bet-rounds' && roundInShoe <= rules.noBetRounds) {
    return reject('NO_BET_ROUND', `round ${roundInShoe} of the shoe is played without bets`);
  }
  const closed = sideBetCutoffProblem(type, roundInShoe, rules.sideBetLastRound);
  if (closed) return reject(closed.code, closed.message);
  const limit = rules.limits[type];
  if (!limit) return reject('BET_NOT_OFFERED', `${type} has no limit configured at this table`);
  const range = stakeRangeProblem(stake, limit);
  if (range === 'BELOW_MIN') return reject('BELOW_MIN', `${type} minimum is ${limit.min}, got ${stake}`);
  if (range === 'ABOVE_MAX') return reject('ABOVE_MAX', `${type} maximum is ${limit.max}, got ${stake}`);
  return { ok: true };
}

function reject(code: BaccaratBetErrorCode, message: string): BetValidation {
  return { ok: false, code, message };
}
