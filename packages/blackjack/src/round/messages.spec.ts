import { BLACKJACK_ERROR_CODES } from '../core/errors';
import { ADDITIONAL_STAKE_CODES } from './additional-stake';
import { BLACKJACK_ERROR_MESSAGES } from './messages';

describe('BLACKJACK_ERROR_MESSAGES', () => {
  it('words every code the engine reports, and nothing else', () => {
    const codes = [...BLACKJACK_ERROR_CODES, ...ADDITIONAL_STAKE_CODES];
    for (const code of codes) expect(BLACKJACK_ERROR_MESSAGES[code]).toMatch(/\w/);
    expect(Object.keys(BLACKJACK_ERROR_MESSAGES).sort()).toEqual([...new Set(codes)].sort());
  });
});
