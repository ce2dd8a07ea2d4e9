import { arrayLiteral, encodeArrayParams } from './array-param';

// node-postgres's own encoding of a parameter (not in its typings), the reference here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };

describe('arrayLiteral', () => {
  it.each<[string, unknown[]]>([
    ['plain strings', ['a', 'b c', '']],
    ['quotes and backslashes', ['a"b', 'c\\d', '\\"', '{x,y}', 'NULL']],
    ['JSON payloads', [JSON.stringify({ type: 'BetAccepted', note: 'say "hi" \\ bye', n: '12' })]],
    ['non-ASCII text', ['été', '€5', 'ß']],
    ['bigints', [1n, -2n, 9_223_372_036_854_775_807n]],
    ['integers', [0, 7, -42]],
    ['an empty array', []],
  ])('writes %s as node-postgres would', (_, values) => {
    expect(arrayLiteral(values)).toBe(prepareValue(values));
  });

  it('writes a null element as null, which PostgreSQL reads as NULL does', () => {
    expect(arrayLiteral([null, 'a', null])).toBe('{null,"a",null}');
  });

  it.each<[string, unknown[]]>([
    ['a control character', ['a\nb']],
    ['a surrogate pair', ['🂡']],
    ['a nested array', [['a']]],
    ['a date', [new Date(0)]],
    ['a fraction', [1.5]],
    ['mixed numbers and nulls', [1, null]],
  ])('leaves %s to node-postgres', (_, values) => {
    expect(arrayLiteral(values)).toBeUndefined();
  });

  it('encodes only the array parameters it can', () => {
    const nested = [['a']];
    expect(encodeArrayParams(['x', 3, ['a', 'b'], nested])).toEqual(['x', 3, '{"a","b"}', nested]);
  });
});
