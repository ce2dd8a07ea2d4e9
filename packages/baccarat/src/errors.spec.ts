import { BACCARAT_BET_ERROR_CODES, BACCARAT_ERROR_CODES, BACCARAT_ERROR_MESSAGES } from './errors';

describe('BACCARAT_ERROR_MESSAGES', () => {
  it('words every code the engine reports, and nothing else', () => {
    const codes = [...BACCARAT_ERROR_CODES, ...BACCARAT_BET_ERROR_CODES];
    for (const code of codes) expect(BACCARAT_ERROR_MESSAGES[code]).toMatch(/\w/);
    expect(Object.keys(BACCARAT_ERROR_MESSAGES).sort()).toEqual([...new Set(codes)].sort());
  });
});
