import { encodeWalletCall } from './seamless-wallet';
import {
  creditV2CallSchema,
  debitV2CallSchema,
  rollbackV2CallSchema,
  walletV2CallProblem,
} from './seamless-wallet-v2';

const url = 'https://lobby.example/?view=round&operator=op&sig=ab';
const debit = {
  transactionId: 'debit:b-1',
  playerId: 'p1',
  currency: 'EUR',
  amount: '700',
  game: 'roulette',
  tableId: 'rou-1',
  roundId: 'r-9',
  bets: [
    { betId: 'b-1', amount: '500', description: 'Roulette · straight 17 · 5.00 EUR' },
    { betId: 'b-2', amount: '200', description: 'Roulette · red · 2.00 EUR' },
  ],
  roundDetailsUrl: url,
};
const credit = {
  transactionId: 'credits:ab12',
  playerId: 'p1',
  currency: 'EUR',
  amount: '18000',
  game: 'roulette',
  tableId: 'rou-1',
  roundId: 'r-9',
  credits: [
    { betId: 'b-1', amount: '18000', kind: 'win', debitTransactionId: 'debit:b-1', description: 'x' },
    { betId: 'b-2', amount: '0', kind: 'win', debitTransactionId: 'debit:b-1', description: 'y' },
  ],
  roundClosed: true,
  roundDetailsUrl: url,
};

describe('seamless wallet v2 messages', () => {
  it('parses a batch debit and writes it back as sent', () => {
    const call = debitV2CallSchema.parse(debit);
    expect(call.bets.map((b) => b.amount)).toEqual([500n, 200n]);
    expect(walletV2CallProblem(call)).toBeUndefined();
    expect(JSON.parse(encodeWalletCall(call))).toEqual(debit);
  });

  it('parses a batch credit with its round-closed flag, and a batch rollback', () => {
    const call = creditV2CallSchema.parse(credit);
    expect(call.roundClosed).toBe(true);
    expect(walletV2CallProblem(call)).toBeUndefined();
    expect(JSON.parse(encodeWalletCall(call))).toEqual(credit);
    const rollback = rollbackV2CallSchema.parse({
      transactionId: 'rollback:debit:b-1',
      playerId: 'p1',
      currency: 'EUR',
      debitTransactionId: 'debit:b-1',
      roundId: 'r-9',
      betIds: ['b-1', 'b-2'],
    });
    expect(walletV2CallProblem(rollback)).toBeUndefined();
  });

  it.each([
    ['no bets', { bets: [] }],
    ['a bet without a description', { bets: [{ betId: 'b-1', amount: '700' }] }],
    ['a zero stake', { bets: [{ betId: 'b-1', amount: '0', description: 'x' }] }],
    ['no round-details URL', { roundDetailsUrl: undefined }],
    ['a URL that is none', { roundDetailsUrl: 'not a url' }],
    ['an unknown field', { bonus: '1' }],
  ])('refuses a debit with %s', (_name, patch) => {
    expect(debitV2CallSchema.safeParse({ ...debit, ...patch }).success).toBe(false);
  });

  it('refuses a credit without its round-closed flag', () => {
    expect(creditV2CallSchema.safeParse({ ...credit, roundClosed: undefined }).success).toBe(false);
  });

  it('finds a total that is not the sum, a bet twice, and a credit naming both a debit and a promotion', () => {
    expect(walletV2CallProblem(debitV2CallSchema.parse({ ...debit, amount: '701' }))).toMatch(/sum/);
    const twice = { ...debit, amount: '1000', bets: [debit.bets[0], debit.bets[0]] };
    expect(walletV2CallProblem(debitV2CallSchema.parse(twice))).toMatch(/twice/);
    const both = {
      ...credit,
      credits: [{ ...credit.credits[0], promotionId: 'g-1' }, credit.credits[1]],
    };
    expect(walletV2CallProblem(creditV2CallSchema.parse(both))).toMatch(/debit or a promotion/);
  });
});
