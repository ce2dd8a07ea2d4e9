import type { InsideBetType } from './bet';
import { LAYOUT_ROWS } from './layout';

/**
 * Every valid inside-bet shape on the layout, each as its numbers in ascending order. Validation looks shapes up
 * here rather than re-deriving geometry, and the tests enumerate them.
 */
function buildShapes(): Record<InsideBetType, readonly (readonly number[])[]> {
  const straight: number[][] = [];
  for (let n = 0; n <= 36; n++) straight.push([n]);

  const split: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.push([n, n + 1]); // side by side in a row
    if (n <= 33) split.push([n, n + 3]); // one above the other in a column
  }

  const street: number[][] = [
    [0, 1, 2],
    [0, 2, 3],
  ];
  for (let row = 1; row <= LAYOUT_ROWS; row++) street.push([3 * row - 2, 3 * row - 1, 3 * row]);

  const corner: number[][] = [[0, 1, 2, 3]];
  for (let n = 1; n <= 32; n++) {
    if (n % 3 !== 0) corner.push([n, n + 1, n + 3, n + 4]);
  }

  const sixLine: number[][] = [];
  for (let row = 1; row < LAYOUT_ROWS; row++) {
    const first = 3 * row - 2;
    sixLine.push([first, first + 1, first + 2, first + 3, first + 4, first + 5]);
  }

  return { straight, split, street, corner, sixLine };
}

export const INSIDE_SHAPES: Readonly<Record<InsideBetType, readonly (readonly number[])[]>> = buildShapes();

export function shapeKey(sortedNumbers: readonly number[]): string {
  return sortedNumbers.join(',');
}

const SHAPE_KEYS: Readonly<Record<InsideBetType, ReadonlySet<string>>> = {
  straight: new Set(INSIDE_SHAPES.straight.map(shapeKey)),
  split: new Set(INSIDE_SHAPES.split.map(shapeKey)),
  street: new Set(INSIDE_SHAPES.street.map(shapeKey)),
  corner: new Set(INSIDE_SHAPES.corner.map(shapeKey)),
  sixLine: new Set(INSIDE_SHAPES.sixLine.map(shapeKey)),
};

/** Whether ascending, distinct numbers 0..36 form exactly a shape of this type on the layout. */
export function isInsideShape(type: InsideBetType, sortedNumbers: readonly number[]): boolean {
  return SHAPE_KEYS[type].has(shapeKey(sortedNumbers));
}
