import { periodStarts } from './gambling-periods';

describe('periodStarts', () => {
  it('takes the UTC day from 00:00 and the week from Monday 00:00', () => {
    // Sunday 2026-11-22 23:59 UTC: still the week of Monday the 16th.
    expect(periodStarts('2026-11-22T23:59:59.999Z')).toEqual({
      day: '2026-11-22T00:00:00.000Z',
      week: '2026-11-16T00:00:00.000Z',
    });
    expect(periodStarts('2026-11-23T00:00:00.000Z')).toEqual({
      day: '2026-11-23T00:00:00.000Z',
      week: '2026-11-23T00:00:00.000Z',
    });
    // Local offsets do not matter: the instant is what counts.
    expect(periodStarts('2026-11-25T01:30:00+03:00').day).toBe('2026-11-24T00:00:00.000Z');
  });
});
