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

  it('keeps a text that starts like a formula from running in a spreadsheet, and negative amounts as numbers', () => {
    expect(
      toCsv(
        [{ player: '=HYPERLINK("http://x")', ggr: '-400', note: '+1', at: '@SUM(A1)' }],
        ['player', 'ggr', 'note', 'at'],
      ),
    ).toBe('player,ggr,note,at\r\n"\'=HYPERLINK(""http://x"")",-400,\'+1,\'@SUM(A1)\r\n');
  });
});
