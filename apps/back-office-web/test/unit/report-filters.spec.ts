import { addDays, defaultFilters, filterParams, filtersProblem, todayIn } from '../../src/api/report-filters';

describe('report filters', () => {
  it('adds calendar days across months, years and a leap day', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a daylight-saving Sunday in Europe: still one day
  });

  it("reads today's date in the report's time zone", () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-11-23');
    expect(todayIn('Europe/Malta', now)).toBe('2026-11-24');
    expect(todayIn('America/New_York', now)).toBe('2026-11-23');
  });

  it('asks the ledger for the day after the last one shown (its `to` is exclusive) and leaves out empty filters', () => {
    const f = { ...defaultFilters(new Date('2026-11-23T10:00:00Z')), game: 'baccarat', currency: ' eur ' };
    expect(filterParams(f)).toEqual({
      from: '2026-11-23',
      to: '2026-11-24',
      tz: 'UTC',
      game: 'baccarat',
      currency: 'EUR',
    });
  });

  it('refuses a missing date or a range that ends before it starts', () => {
    const f = defaultFilters();
    expect(filtersProblem(f)).toBeNull();
    expect(filtersProblem({ ...f, from: '' })).toBe('dates');
    expect(filtersProblem({ ...f, from: '2026-11-24', to: '2026-11-23' })).toBe('order');
  });
});
