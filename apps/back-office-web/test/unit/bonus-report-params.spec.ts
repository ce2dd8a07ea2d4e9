import { bonusReportParams, defaultFilters } from '../../src/api/report-filters';

describe("the bonus report's query", () => {
  it('asks for whole UTC days (to exclusive) and the operator only: the route takes no other filter', () => {
    const f = { ...defaultFilters(new Date('2026-11-23T10:00:00Z')), tz: 'Europe/Malta', game: 'baccarat' };
    expect(bonusReportParams(f)).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(bonusReportParams({ ...f, operator: ' op-1 ' })).toEqual({
      from: '2026-11-23',
      to: '2026-11-24',
      operator: 'op-1',
    });
  });
});
