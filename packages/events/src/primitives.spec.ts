import { timestampSchema } from './primitives';

describe('timestampSchema', () => {
  it.each([
    '2026-11-24T00:00:00Z',
    '2026-11-24T00:00:00.123+01:00',
    '2024-02-29T10:00:00.1Z',
    '2026-11-24T08:30-05:00',
  ])('takes %s', (s) => expect(timestampSchema.safeParse(s).success).toBe(true));

  it.each([
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-11-24T00:00:00',
    '2026-11-24',
    'x',
    '2026-11-24T24:00:00Z',
  ])('refuses %s', (s) => expect(timestampSchema.safeParse(s).success).toBe(false));
});
