import { RandomSource, randomInt } from '@casino/cards';

export type MainBet = 'player' | 'banker' | 'tie';

/** What one player does in one round: a main bet at `at`, maybe the opposite main bet, maybe a Tie withdrawn. */
export interface PlayerRoundPlan {
  /** When the first bet is sent, ms since the epoch. */
  at: number;
  type: MainBet;
  stake: number;
  /** Player+Banker: the opposite main bet right after the first is acknowledged (the ledger refuses it). */
  opposing: boolean;
  /** A Tie bet placed after the main bet and withdrawn `cancelAfterMs` after its acknowledgement. */
  cancelAfterMs?: number;
}

export interface PlanShape {
  betShare: number;
  lateShare: number;
  lateWindowMs: number;
  opposingShare: number;
  cancelShare: number;
}

const STAKES = [100, 200, 500, 1_000];
/** Margin before the close: a bet sent later than this is likely to reach the table after "no more bets". */
const CLOSE_MARGIN_MS = 50;

const chance = (random: RandomSource, share: number) => randomInt(random, 1_000_000) < share * 1_000_000;

/** Whether a player bets in a round at all (`betShare` of them do; the others only watch). */
export function betsThisRound(random: RandomSource, shape: PlanShape): boolean {
  return chance(random, shape.betShare);
}

/**
 * A round's plan for one player, from the moment its `round:opened` arrived and the window's close: most first
 * bets in the last seconds of the window (`lateShare` in the last `lateWindowMs`), the others spread before.
 */
export function planRound(
  random: RandomSource,
  shape: PlanShape,
  openedAt: number,
  closesAt: number,
): PlayerRoundPlan {
  const end = closesAt - CLOSE_MARGIN_MS;
  const lateStart = Math.max(openedAt, closesAt - shape.lateWindowMs);
  const late = chance(random, shape.lateShare) || lateStart <= openedAt;
  const from = late ? lateStart : openedAt;
  const to = late ? end : lateStart;
  const at = from + randomInt(random, Math.max(1, Math.floor(to - from)));
  const roll = randomInt(random, 100);
  const type: MainBet = roll < 46 ? 'player' : roll < 92 ? 'banker' : 'tie';
  const opposing = type !== 'tie' && chance(random, shape.opposingShare);
  const cancel = chance(random, shape.cancelShare);
  const plan: PlayerRoundPlan = { at, type, stake: STAKES[randomInt(random, STAKES.length)], opposing };
  if (cancel) plan.cancelAfterMs = 100 + randomInt(random, 700);
  return plan;
}
