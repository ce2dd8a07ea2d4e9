import { debitCallSchema, encodeWalletAnswer, encodeWalletCall, walletAnswerSchema } from './seamless-wallet';

const debit = {
  transactionId: 'd-1',
  playerId: 'p1',
  currency: 'EUR',
  amount: '250',
  game: 'roulette',
  tableId: 'rou-1',
  roundId: 'r-9',
  betId: 'b-1',
};

describe('seamless wallet messages', () => {
  it('parses amounts as bigint and writes them back as decimal strings', () => {
    const call = debitCallSchema.parse(debit);
    expect(call.amount).toBe(250n);
    expect(JSON.parse(encodeWalletCall<'debit'>(call))).toEqual(debit);
  });

  it.each([
    ['a zero stake', { amount: '0' }],
    ['a negative stake', { amount: '-1' }],
    ['more than 64 bits', { amount: '9223372036854775808' }],
    ['a fraction', { amount: '1.5' }],
    ['an unknown field', { bonus: '1' }],
    ['a transaction id with spaces', { transactionId: 'd 1' }],
    ['an unknown game', { game: 'poker' }],
  ])('refuses %s', (_name, patch) => {
    expect(debitCallSchema.safeParse({ ...debit, ...patch }).success).toBe(false);
  });

  it('round-trips answers, and refuses an answer with an unknown code', () => {
    const ok = walletAnswerSchema.parse({ status: 'ok', balance: '10', currency: 'EUR' });
    expect(walletAnswerSchema.parse(JSON.parse(encodeWalletAnswer(ok)))).toEqual(ok);
    expect(walletAnswerSchema.safeParse({ status: 'refused', code: 'MAYBE', message: '' }).success).toBe(
      false,
    );
  });
});
