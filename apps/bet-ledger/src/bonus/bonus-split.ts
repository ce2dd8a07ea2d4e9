/**
 * How a stake is paid and a return shared between a player's cash and bonus balances (docs/ledger.md#bonus-funds,
 * docs/rules/restrictions.md#bonus-funds). Pure: the bet decision and settlement call them.
 */
import { gameRestrictions } from '../restrictions/restriction-rules';

/**
 * Whether a game's rules exclude bonus funds (the 'no-bonus-funds' rule: Fan Tan, seed 001 §5.1;
 * docs/rules/restrictions.md#bonus-funds).
 */
export const gameExcludesBonus = (game: string): boolean =>
  gameRestrictions(game).some((r) => r.kind === 'no-bonus-funds');

/** The player's active bonus as a bet decision sees it (its balance locked with the wallet). */
export interface BonusView {
  bonusId: string;
  /** The player's bonus account (locked by the batch). */
  accountId: string;
  balance: bigint;
  /** The games it may be staked at; null: every game whose rules allow bonus funds. */
  games: readonly string[] | null;
  /** The operator's staking order: bonus first instead of cash first. */
  bonusFirst: boolean;
}

export type StakeSplit =
  | { ok: true; cash: bigint; bonus: bigint }
  | { ok: false; code: 'INSUFFICIENT_FUNDS' | 'BONUS_FUNDS_NOT_ALLOWED'; message: string };

/**
 * Pays `stake` from cash then bonus (or bonus then cash, per operator). Where bonus funds may not be staked
 * (`bonusAllowed` false: a game whose rules exclude them, or one the bonus does not list), only cash pays: a stake
 * cash alone does not cover is refused BONUS_FUNDS_NOT_ALLOWED when the player holds bonus money, never paid
 * from it.
 */
export function splitStake(
  stake: bigint,
  cash: bigint,
  bonus: BonusView | undefined,
  bonusAllowed: boolean,
): StakeSplit {
  const available = bonus?.balance ?? 0n;
  if (!bonus || available === 0n || !bonusAllowed) {
    if (cash >= stake) return { ok: true, cash: stake, bonus: 0n };
    if (available > 0n && !bonusAllowed)
      return {
        ok: false,
        code: 'BONUS_FUNDS_NOT_ALLOWED',
        message: `cash ${cash} does not cover stake ${stake}, and bonus funds may not be staked here`,
      };
    return {
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: `balance ${cash} does not cover stake ${stake}`,
    };
  }
  if (cash + available < stake)
    return {
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: `balance ${cash} and bonus ${available} do not cover stake ${stake}`,
    };
  if (bonus.bonusFirst) {
    const fromBonus = available < stake ? available : stake;
    return { ok: true, cash: stake - fromBonus, bonus: fromBonus };
  }
  const fromCash = cash < stake ? cash : stake;
  return { ok: true, cash: fromCash, bonus: stake - fromCash };
}

/** Whether a bonus may be staked at `game`: the game's rules allow bonus funds and the bonus lists the game. */
export function bonusAllowedAt(
  game: string,
  gameExcludesBonus: boolean,
  bonus: BonusView | undefined,
): boolean {
  if (gameExcludesBonus || !bonus) return false;
  return bonus.games === null || bonus.games.includes(game);
}

/**
 * A return shared in proportion to the stake's parts: the cash part's share rounded down, the rest (the bonus
 * part's share and any fraction) to the bonus balance, so rounding never turns bonus money into cash.
 */
export function splitReturn(
  returned: bigint,
  stake: bigint,
  bonusStake: bigint,
): { cash: bigint; bonus: bigint } {
  if (bonusStake === 0n || stake === 0n) return { cash: returned, bonus: 0n };
  const cash = (returned * (stake - bonusStake)) / stake;
  return { cash, bonus: returned - cash };
}
