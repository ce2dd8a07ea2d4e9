import { EVEN_MONEY_BET_TYPES, INSIDE_BET_TYPES, type InsideBetType, type RouletteBet } from './bet';
import { allBetsOfType } from './enumerate';
import { INSIDE_SHAPES } from './shapes';
import { validateBet } from './validate';

// An independent model of the layout for the oracle: number n ≥ 1 sits at (row, col); 0 is handled by name.
const row = (n: number) => Math.ceil(n / 3);
const col = (n: number) => ((n - 1) % 3) + 1;
const key = (ns: readonly number[]) => [...ns].sort((a, b) => a - b).join(',');

function isRectangle(ns: readonly number[], rows: number, cols: number): boolean {
  if (ns.includes(0)) return false;
  const rs = [...new Set(ns.map(row))].sort((a, b) => a - b);
  const cs = [...new Set(ns.map(col))].sort((a, b) => a - b);
  return (
    ns.length === rows * cols &&
    rs.length === rows &&
    cs.length === cols &&
    rs[rows - 1] - rs[0] === rows - 1 &&
    cs[cols - 1] - cs[0] === cols - 1
  );
}

function oracle(type: InsideBetType, ns: readonly number[]): boolean {
  const k = key(ns);
  switch (type) {
    case 'straight':
      return ns.length === 1;
    case 'split':
      return ['0,1', '0,2', '0,3'].includes(k) || isRectangle(ns, 1, 2) || isRectangle(ns, 2, 1);
    case 'street':
      return ['0,1,2', '0,2,3'].includes(k) || isRectangle(ns, 1, 3);
    case 'corner':
      return k === '0,1,2,3' || isRectangle(ns, 2, 2);
    case 'sixLine':
      return isRectangle(ns, 2, 3);
  }
}

function* subsets(size: number, from = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let n = from; n <= 36; n++) for (const rest of subsets(size - 1, n + 1)) yield [n, ...rest];
}

describe('validateBet — inside shapes', () => {
  it('knows 37 straights, 60 splits (57 + 3 with zero), 14 streets, 23 corners, 11 six lines', () => {
    expect(INSIDE_SHAPES.straight).toHaveLength(37);
    expect(INSIDE_SHAPES.split).toHaveLength(60);
    expect(INSIDE_SHAPES.split.filter((s) => s.includes(0))).toHaveLength(3);
    expect(INSIDE_SHAPES.street).toHaveLength(14);
    expect(INSIDE_SHAPES.corner).toHaveLength(23);
    expect(INSIDE_SHAPES.sixLine).toHaveLength(11);
  });

  it.each([
    ['split', 2],
    ['street', 3],
    ['corner', 4],
  ] as const)(
    'accepts exactly the %s shapes of the independent layout model among all %i-number sets',
    (type, size) => {
      const accepted: string[] = [];
      const disagreements: string[] = [];
      for (const ns of subsets(size)) {
        const result = validateBet({ type, numbers: [...ns].reverse() });
        if (result.ok !== oracle(type, ns)) disagreements.push(key(ns));
        if (result.ok) accepted.push(key(ns));
        else if (result.code !== 'INVALID_SHAPE') disagreements.push(`${key(ns)}: ${result.code}`);
      }
      expect(disagreements).toEqual([]);
      expect(accepted).toHaveLength(INSIDE_SHAPES[type].length);
    },
  );

  it('accepts every six line, in any order, and each matches the layout model', () => {
    for (const ns of INSIDE_SHAPES.sixLine) {
      expect(oracle('sixLine', ns)).toBe(true);
      const shuffled = [ns[3], ns[0], ns[5], ns[1], ns[4], ns[2]];
      const result = validateBet({ type: 'sixLine', numbers: shuffled });
      expect(result).toEqual({ ok: true, bet: { type: 'sixLine', numbers: ns }, numbers: ns });
    }
  });

  it('returns a normalised bet: sorted numbers, extra fields dropped', () => {
    const result = validateBet({ type: 'corner', numbers: [29, 25, 28, 26], note: 'x' });
    expect(result).toEqual({
      ok: true,
      bet: { type: 'corner', numbers: [25, 26, 28, 29] },
      numbers: [25, 26, 28, 29],
    });
    expect(validateBet({ type: 'red', numbers: [1] })).toEqual({
      ok: true,
      bet: { type: 'red' },
      numbers: expect.any(Array),
    });
  });

  it.each<[string, unknown, string]>([
    ['non-adjacent split 1-5', { type: 'split', numbers: [1, 5] }, 'INVALID_SHAPE'],
    ['split 3-4 across rows', { type: 'split', numbers: [3, 4] }, 'INVALID_SHAPE'],
    ['split 0-4', { type: 'split', numbers: [0, 4] }, 'INVALID_SHAPE'],
    ['corner 1-2-4-6', { type: 'corner', numbers: [1, 2, 4, 6] }, 'INVALID_SHAPE'],
    ['corner 3-4-6-7 across the edge', { type: 'corner', numbers: [3, 4, 6, 7] }, 'INVALID_SHAPE'],
    ['street 1-2-4', { type: 'street', numbers: [1, 2, 4] }, 'INVALID_SHAPE'],
    ['street 0-1-3', { type: 'street', numbers: [0, 1, 3] }, 'INVALID_SHAPE'],
    ['six line 4..9 + 10', { type: 'sixLine', numbers: [4, 5, 6, 7, 8, 9, 10] }, 'INVALID_SHAPE'],
    ['six line over rows 1 and 3', { type: 'sixLine', numbers: [1, 2, 3, 7, 8, 9] }, 'INVALID_SHAPE'],
    ['straight with two numbers', { type: 'straight', numbers: [1, 2] }, 'INVALID_SHAPE'],
    ['empty straight', { type: 'straight', numbers: [] }, 'INVALID_SHAPE'],
    ['split of three', { type: 'split', numbers: [1, 2, 3] }, 'INVALID_SHAPE'],
    ['duplicate split', { type: 'split', numbers: [5, 5] }, 'INVALID_NUMBERS'],
    ['duplicate corner', { type: 'corner', numbers: [1, 2, 4, 4] }, 'INVALID_NUMBERS'],
    ['37', { type: 'straight', numbers: [37] }, 'INVALID_NUMBERS'],
    ['-1', { type: 'straight', numbers: [-1] }, 'INVALID_NUMBERS'],
    ['fraction', { type: 'straight', numbers: [1.5] }, 'INVALID_NUMBERS'],
    ['string number', { type: 'straight', numbers: ['7'] }, 'INVALID_NUMBERS'],
    ['numbers not an array', { type: 'split', numbers: '1,2' }, 'INVALID_NUMBERS'],
    ['missing numbers', { type: 'street' }, 'INVALID_NUMBERS'],
    ['unknown type', { type: 'basket', numbers: [0, 1, 2] }, 'UNKNOWN_BET_TYPE'],
    ['missing type', { numbers: [1] }, 'UNKNOWN_BET_TYPE'],
    ['column 4', { type: 'column', column: 4 }, 'INVALID_COLUMN'],
    ['column "1"', { type: 'column', column: '1' }, 'INVALID_COLUMN'],
    ['dozen 0', { type: 'dozen', dozen: 0 }, 'INVALID_DOZEN'],
    ['null', null, 'INVALID_BET'],
    ['an array', [1, 2], 'INVALID_BET'],
    ['a string', 'red', 'INVALID_BET'],
  ])('rejects %s', (_name, input, code) => {
    const result = validateBet(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message.length).toBeGreaterThan(0);
    }
  });
});

describe('validateBet — outside bets', () => {
  it.each(EVEN_MONEY_BET_TYPES)('accepts %s', (type) => {
    expect(validateBet({ type })).toMatchObject({ ok: true, bet: { type } });
  });

  it('accepts columns and dozens 1..3 with their numbers', () => {
    expect(validateBet({ type: 'column', column: 2 })).toMatchObject({
      ok: true,
      numbers: [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35],
    });
    expect(validateBet({ type: 'dozen', dozen: 3 })).toMatchObject({
      ok: true,
      bet: { type: 'dozen', dozen: 3 },
    });
  });

  it('accepts every enumerated bet of every type unchanged', () => {
    for (const type of [...INSIDE_BET_TYPES, 'column', 'dozen'] as const) {
      for (const bet of allBetsOfType(type)) {
        const result = validateBet(bet);
        expect(result).toMatchObject({ ok: true, bet: bet as RouletteBet });
      }
    }
  });
});
