import { AUDIT_PROBLEM_CODES, CARD_ERROR_CODES, CARD_ERROR_MESSAGES } from './messages';

describe('CARD_ERROR_MESSAGES', () => {
  it('words every code the package reports, and nothing else', () => {
    const codes = [...CARD_ERROR_CODES, ...AUDIT_PROBLEM_CODES];
    for (const code of codes) expect(CARD_ERROR_MESSAGES[code]).toMatch(/\w/);
    expect(Object.keys(CARD_ERROR_MESSAGES).sort()).toEqual([...codes].sort());
  });
});
