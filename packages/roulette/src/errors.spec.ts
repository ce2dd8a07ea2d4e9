import { ROULETTE_ERROR_CODES, ROULETTE_ERROR_MESSAGES, ROULETTE_RULE_CODES } from './errors';

describe('ROULETTE_ERROR_MESSAGES', () => {
  it('words every code the engine reports, and nothing else', () => {
    const codes = [...ROULETTE_ERROR_CODES, ...ROULETTE_RULE_CODES];
    for (const code of codes) expect(ROULETTE_ERROR_MESSAGES[code]).toMatch(/\w/);
    expect(Object.keys(ROULETTE_ERROR_MESSAGES).sort()).toEqual([...new Set(codes)].sort());
  });
});
