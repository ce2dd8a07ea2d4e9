import { randomInt, type RandomSource } from '@casino/cards';
import { DieFace } from './bet';

/** A round's result: the three faces, in the order the dealer or the draw gives them. */
export type SicBoDice = readonly [DieFace, DieFace, DieFace];

/** Why three values are not a Sic Bo result, or null when they are (exactly three faces 1..6). */
export function diceProblem(dice: unknown): string | null {
  if (!Array.isArray(dice) || dice.length !== 3) return 'a Sic Bo result is exactly three dice';
  const bad = dice.find((d) => !Number.isInteger(d) || d < 1 || d > 6);
  return bad === undefined ? null : `a die shows a face from 1 to 6, got ${String(bad)}`;
}

/**
 * The dealer console's entry of a live table's result: three faces 1..6 (a die leaning or stacked is not
 * entered: the dealer re-shakes), or the reason it is refused.
 */
export function dealerDice(input: unknown): { ok: true; dice: SicBoDice } | { ok: false; message: string } {
  const problem = diceProblem(input);
  if (problem) return { ok: false, message: problem };
  const [a, b, c] = input as DieFace[];
  return { ok: true, dice: [a, b, c] };
}

/** An automatic table's shake: three independent faces, each uniform over 1..6, drawn in order from the source. */
export function rollDice(random: RandomSource): SicBoDice {
  const die = () => (1 + randomInt(random, 6)) as DieFace;
  const a = die();
  const b = die();
  return [a, b, die()];
}

export const diceTotal = (dice: SicBoDice): number => dice[0] + dice[1] + dice[2];
export const isTriple = (dice: SicBoDice): boolean => dice[0] === dice[1] && dice[1] === dice[2];
export const facesShowing = (dice: SicBoDice, face: number): number =>
  (dice[0] === face ? 1 : 0) + (dice[1] === face ? 1 : 0) + (dice[2] === face ? 1 : 0);

/** Which of Small (total 4–10) and Big (11–17) the dice give; neither on a triple, which both lose. */
export function diceSize(dice: SicBoDice): 'small' | 'big' | null {
  if (isTriple(dice)) return null;
  return diceTotal(dice) <= 10 ? 'small' : 'big';
}

/** What a table's results history shows of a round: the total, Small or Big (null: neither), a triple. */
export interface DiceMarks {
  total: number;
  size: 'small' | 'big' | null;
  triple: boolean;
}

export function diceMarks(dice: SicBoDice): DiceMarks {
  return { total: diceTotal(dice), size: diceSize(dice), triple: isTriple(dice) };
}

/** Every one of the 216 equally likely ordered results. */
export function allDice(): SicBoDice[] {
  const all: SicBoDice[] = [];
  for (const a of [1, 2, 3, 4, 5, 6] as const) {
    for (const b of [1, 2, 3, 4, 5, 6] as const) {
      for (const c of [1, 2, 3, 4, 5, 6] as const) all.push([a, b, c]);
    }
  }
  return all;
}
