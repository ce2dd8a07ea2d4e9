import { convertedReportParams, defaultFilters, rateProblem } from '../../src/api/report-filters';

describe('converted report query and rate checks', () => {
  it('asks for whole UTC days (`to` exclusive), the operator and the reporting currency, nothing else', () => {
    const f = { ...defaultFilters(new Date('2026-12-05T10:00:00Z')), operator: ' op-a ', tz: 'Europe/Malta' };
    expect(convertedReportParams({ ...f, game: 'baccarat' }, 'USD')).toEqual({
      in: 'USD',
      from: '2026-12-05',
      to: '2026-12-06',
      operator: 'op-a',
    });
  });

  it('takes a rate as the ledger does: a plain decimal string above zero, at most 12 decimals', () => {
    for (const ok of ['1', '0.0265', '1.08', '123456789012345678.123456789012'])
      expect(rateProblem(ok)).toBeNull();
    for (const bad of [
      '',
      '1e-3',
      '2.65E-2',
      '-1',
      '+1',
      '.5',
      '1.',
      '01.5',
      '1,08',
      ' 1',
      '0.1234567890123',
    ])
      expect(rateProblem(bad)).toBe('format');
    expect(rateProblem('0')).toBe('zero');
    expect(rateProblem('0.000')).toBe('zero');
  });
});
