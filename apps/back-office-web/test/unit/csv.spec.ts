import { csvCell, toCsv } from '../../src/ui/csv';

describe('csv', () => {
  it('quotes separators and quotes, keeps numbers and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('-1250')).toBe('-1250');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(toCsv(['day', 'ggr'], [['2026-11-23', '9007199254740993']])).toBe(
      'day,ggr\r\n2026-11-23,9007199254740993\r\n',
    );
  });
});
