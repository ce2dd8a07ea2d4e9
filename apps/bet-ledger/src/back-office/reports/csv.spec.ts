import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes what needs quoting and leaves nulls empty', () => {
    expect(
      toCsv(
        [
          { a: 'x,y', b: 'say "hi"', c: null },
          { a: 1, b: 2n, c: 'z' },
        ],
        ['a', 'b', 'c'],
      ),
    ).toBe('a,b,c\r\n"x,y","say ""hi""",\r\n1,2,z\r\n');
  });
});
