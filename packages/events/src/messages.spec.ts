import { BET_REJECTION_CODES, BET_REJECTION_MESSAGES } from './bet-events';
import { CANCEL_REJECTION_CODES, CANCEL_REJECTION_MESSAGES } from './cancel-events';

describe('rejection messages', () => {
  it.each([
    ['bet', BET_REJECTION_CODES, BET_REJECTION_MESSAGES],
    ['cancel', CANCEL_REJECTION_CODES, CANCEL_REJECTION_MESSAGES],
  ] as const)('words every %s rejection code, and nothing else', (_, codes, messages) => {
    for (const code of codes) expect((messages as Record<string, string>)[code]).toMatch(/\w/);
    expect(Object.keys(messages).sort()).toEqual([...codes].sort());
  });
});
