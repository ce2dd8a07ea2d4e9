import { RouletteError } from './errors';

/** Number of pockets on a European single-zero wheel: 0..36. */
export const POCKET_COUNT = 37;

/** Pocket order clockwise, starting at 0. */
export const WHEEL_ORDER: readonly number[] = Object.freeze([
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
]);

export const RED_NUMBERS: readonly number[] = Object.freeze([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';

const RED_SET: ReadonlySet<number> = new Set(RED_NUMBERS);
const WHEEL_INDEX: readonly number[] = (() => {
  const index = new Array<number>(POCKET_COUNT);
  WHEEL_ORDER.forEach((pocket, i) => (index[pocket] = i));
  return index;
})();

export function isPocket(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < POCKET_COUNT;
}

function assertPocket(pocket: number): void {
  if (!isPocket(pocket)) throw new RouletteError('INVALID_POCKET', `not a pocket 0..36: ${String(pocket)}`);
}

export function pocketColour(pocket: number): PocketColour {
  assertPocket(pocket);
  if (pocket === 0) return 'green';
  return RED_SET.has(pocket) ? 'red' : 'black';
}

/** Position of a pocket in `WHEEL_ORDER` (0 is at position 0). */
export function wheelIndex(pocket: number): number {
  assertPocket(pocket);
  return WHEEL_INDEX[pocket];
}

/**
 * The pocket and `count` neighbours on each side in wheel order (anticlockwise neighbours first), e.g.
 * `wheelNeighbours(0, 2)` = [3, 26, 0, 32, 15]. `count` may be 0..18 (18 each side is the whole wheel).
 */
export function wheelNeighbours(pocket: number, count: number): number[] {
  assertPocket(pocket);
  if (!Number.isInteger(count) || count < 0 || count > (POCKET_COUNT - 1) / 2) {
    throw new RouletteError('INVALID_NEIGHBOURS', `neighbour count must be 0..18, got ${String(count)}`);
  }
  const centre = WHEEL_INDEX[pocket];
  const result: number[] = [];
  for (let offset = -count; offset <= count; offset++) {
    result.push(WHEEL_ORDER[(centre + offset + POCKET_COUNT) % POCKET_COUNT]);
  }
  return result;
}
