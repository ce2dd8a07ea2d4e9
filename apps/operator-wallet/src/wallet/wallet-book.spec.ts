import { CreditCall, DebitCall, RollbackCall } from '@casino/operator-protocol';
import { planCredit, planDebit, planRollback, PlayerRow, TransactionRow } from './wallet-book';

const player: PlayerRow = {
  playerId: 'p1',
  currency: 'EUR',
  balance: 1000n,
  status: 'active',
  maxStake: null,
};
const debit: DebitCall = {
  transactionId: 'd1',
  playerId: 'p1',
  currency: 'EUR',
  amount: 300n,
  game: 'baccarat',
  tableId: 't1',
  roundId: 'r1',
  betId: 'b1',
};
const credit: CreditCall = {
  transactionId: 'c1',
  playerId: 'p1',
  currency: 'EUR',
  amount: 600n,
  kind: 'win',
  debitTransactionId: 'd1',
  roundId: 'r1',
  betId: 'b1',
};
const rollback: RollbackCall = {
  transactionId: 'rb1',
  playerId: 'p1',
  currency: 'EUR',
  debitTransactionId: 'd1',
  roundId: 'r1',
  betId: 'b1',
};

function stored(state: TransactionRow['state'], over: Partial<TransactionRow> = {}): TransactionRow {
  return {
    transactionId: 'd1',
    call: 'debit',
    amount: 300n,
    state,
    requestHash: 'h-d1',
    answer: { status: 'ok', balance: 700n, currency: 'EUR' },
    ...over,
  };
}

describe('reference wallet rules', () => {
  it('debits a stake the balance covers', () => {
    const plan = planDebit(player, undefined, debit, 'h-d1');
    expect(plan.balanceDelta).toBe(-300n);
    expect(plan.answer).toMatchObject({ status: 'ok', balance: 700n });
    expect(plan.inserts).toHaveLength(1);
  });

  it.each([
    ['INSUFFICIENT_FUNDS', { balance: 299n }, {}],
    ['PLAYER_BLOCKED', { status: 'blocked' as const }, {}],
    ['LIMIT_REACHED', { maxStake: 100n }, {}],
    ['CURRENCY_MISMATCH', {}, { currency: 'USD' }],
  ])('refuses %s, recording the refusal for retries', (code, p, d) => {
    const plan = planDebit({ ...player, ...p }, undefined, { ...debit, ...d }, 'h-d1');
    expect(plan.answer).toMatchObject({ status: 'refused', code });
    expect(plan.balanceDelta).toBe(0n);
    expect(plan.inserts[0]).toMatchObject({ state: 'refused', requestHash: 'h-d1' });
  });

  it('answers a retry with the first answer and moves nothing; other fields under the same id conflict', () => {
    const first = stored('applied');
    expect(planDebit({ ...player, balance: 700n }, first, debit, 'h-d1')).toEqual({
      answer: first.answer,
      balanceDelta: 0n,
      inserts: [],
    });
    expect(planDebit(player, first, { ...debit, amount: 301n }, 'other').answer).toMatchObject({
      code: 'TRANSACTION_CONFLICT',
    });
  });

  it('a rollback ahead of its debit leaves a mark, and the late debit is refused', () => {
    const plan = planRollback(player, undefined, undefined, rollback, 'h-rb1');
    expect(plan.balanceDelta).toBe(0n);
    const mark = plan.inserts.find((t) => t.transactionId === 'd1')!;
    expect(mark).toMatchObject({ state: 'rolled_back', requestHash: null });
    const late = planDebit(player, { ...mark, answer: mark.answer }, debit, 'h-d1');
    expect(late.answer).toMatchObject({ status: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
    expect(late.balanceDelta).toBe(0n);
  });

  it('a rollback returns an applied stake once; of a refused debit it moves nothing', () => {
    const plan = planRollback({ ...player, balance: 700n }, undefined, stored('applied'), rollback, 'h-rb1');
    expect(plan.balanceDelta).toBe(300n);
    expect(plan.debitUpdate).toEqual({ transactionId: 'd1', state: 'rolled_back' });
    expect(planRollback(player, undefined, stored('refused'), rollback, 'h').balanceDelta).toBe(0n);
    expect(planRollback(player, undefined, stored('rolled_back'), rollback, 'h').balanceDelta).toBe(0n);
  });

  it('refuses to roll back a settled debit', () => {
    expect(planRollback(player, undefined, stored('settled'), rollback, 'h').answer).toMatchObject({
      code: 'ROLLBACK_NOT_ALLOWED',
    });
  });

  it('credits an applied debit once, and only one', () => {
    const plan = planCredit({ ...player, balance: 700n }, undefined, stored('applied'), credit, 'h-c1');
    expect(plan.balanceDelta).toBe(600n);
    expect(plan.answer).toMatchObject({ status: 'ok', balance: 1300n });
    expect(plan.debitUpdate).toEqual({ transactionId: 'd1', state: 'settled' });
    expect(
      planCredit(player, undefined, stored('settled'), { ...credit, transactionId: 'c2' }, 'h').answer,
    ).toMatchObject({ code: 'TRANSACTION_CONFLICT' });
    expect(planCredit(player, undefined, stored('rolled_back'), credit, 'h').answer).toMatchObject({
      code: 'TRANSACTION_ROLLED_BACK',
    });
    expect(planCredit(player, undefined, undefined, credit, 'h').answer).toMatchObject({
      code: 'UNKNOWN_TRANSACTION',
    });
  });

  it('never lets a credit overflow a 64-bit balance', () => {
    const rich = { ...player, balance: 9_223_372_036_854_775_000n };
    expect(
      planCredit(rich, undefined, stored('applied'), { ...credit, amount: 1000n }, 'h').answer,
    ).toMatchObject({
      code: 'LIMIT_REACHED',
    });
  });

  it("credits a free bet's winnings to its promotion, without a debit, and refuses a credit naming both or neither", () => {
    const free: CreditCall = { ...credit, debitTransactionId: undefined, promotionId: 'fb-1', amount: 100n };
    const plan = planCredit(player, undefined, undefined, free, 'h-f');
    expect(plan).toMatchObject({ balanceDelta: 100n, answer: { status: 'ok', balance: 1100n } });
    expect(plan.debitUpdate).toBeUndefined();
    expect(plan.inserts).toMatchObject([{ call: 'credit', amount: 100n, debitTransactionId: null }]);
    for (const bad of [
      { ...credit, promotionId: 'fb-1' },
      { ...free, promotionId: undefined },
    ])
      expect(planCredit(player, undefined, undefined, bad, 'h-x').answer).toMatchObject({
        status: 'refused',
        code: 'INVALID_REQUEST',
      });
  });
});
