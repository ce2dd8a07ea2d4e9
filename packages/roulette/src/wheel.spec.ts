import {
  isPocket,
  pocketColour,
  POCKET_COUNT,
  RED_NUMBERS,
  WHEEL_ORDER,
  wheelIndex,
  wheelNeighbours,
} from './wheel';
import { RouletteError } from './errors';

describe('wheel', () => {
  it('holds each pocket 0..36 exactly once, starting at 0', () => {
    expect(WHEEL_ORDER).toHaveLength(POCKET_COUNT);
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(WHEEL_ORDER[0]).toBe(0);
    expect(WHEEL_ORDER.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(WHEEL_ORDER[36]).toBe(26);
  });

  it('colours 0 green, the 18 listed numbers red and the other 18 black', () => {
    expect(pocketColour(0)).toBe('green');
    const colours = Array.from({ length: 36 }, (_, i) => pocketColour(i + 1));
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours.filter((c) => c === 'black')).toHaveLength(18);
    for (const n of RED_NUMBERS) expect(pocketColour(n)).toBe('red');
    expect(pocketColour(2)).toBe('black');
    expect(pocketColour(10)).toBe('black');
    expect(pocketColour(36)).toBe('red');
  });

  it('alternates red and black around the wheel', () => {
    for (let i = 1; i < 36; i++) {
      expect(pocketColour(WHEEL_ORDER[i])).not.toBe(pocketColour(WHEEL_ORDER[i + 1]));
    }
  });

  it('finds neighbours on the wheel, wrapping around', () => {
    expect(wheelNeighbours(0, 2)).toEqual([3, 26, 0, 32, 15]);
    expect(wheelNeighbours(17, 1)).toEqual([25, 17, 34]);
    expect(wheelNeighbours(26, 1)).toEqual([3, 26, 0]);
    expect(wheelNeighbours(5, 0)).toEqual([5]);
    expect(new Set(wheelNeighbours(8, 18)).size).toBe(37);
    expect(wheelIndex(32)).toBe(1);
  });

  it('rejects non-pockets', () => {
    expect(isPocket(37)).toBe(false);
    expect(isPocket(-1)).toBe(false);
    expect(isPocket(1.5)).toBe(false);
    expect(isPocket('1')).toBe(false);
    expect(() => pocketColour(37)).toThrow(RouletteError);
    expect(() => wheelNeighbours(1, 19)).toThrow(expect.objectContaining({ code: 'INVALID_NEIGHBOURS' }));
  });
});
