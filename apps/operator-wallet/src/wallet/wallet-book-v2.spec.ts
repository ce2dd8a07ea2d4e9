import { CreditV2Call, DebitV2Call, RollbackV2Call } from '@casino/operator-protocol';
import { PlayerRow, TransactionRow } from './wallet-book';
import { planCreditV2, planDebitV2, planRollbackV2 } from './wallet-book-v2';

const player: PlayerRow = {
  playerId: 'p1',
  currency: 'EUR',
  balance: 1000n,
  status: 'active',
  maxStake: 500n,
};
const url = 'https://casino.example/lobby?view=round';
const debit: DebitV2Call = {
  transactionId: 'debit:b1',
  playerId: 'p1',
  currency: 'EUR',
  amount: 700n,
  game: 'roulette',
  tableId: 't1',
  roundId: 'r1',
  bets: [
    { betId: 'b1', amount: 400n, description: 'x' },
    { betId: 'b2', amount: 300n, description: 'y' },
  ],
  roundDetailsUrl: url,
};
const credit: CreditV2Call = {
  transactionId: 'credits:1',
  playerId: 'p1',
  currency: 'EUR',
  amount: 800n,
  game: 'roulette',
  tableId: 't1',
  roundId: 'r1',
  credits: [
    { betId: 'b1', amount: 800n, kind: 'win', debitTransactionId: 'debit:b1', description: 'x' },
    { betId: 'b2', amount: 0n, kind: 'win', debitTransactionId: 'debit:b1', description: 'y' },
  ],
  roundClosed: true,
  roundDetailsUrl: url,
};
const stored = (state: TransactionRow['state']): TransactionRow => ({
  transactionId: 'debit:b1',
  call: 'debit',
  amount: 700n,
  state,
  requestHash: 'h-debit',
  answer: { status: 'ok', balance: 300n, currency: 'EUR' },
});

describe("the reference wallet's version 2 rules", () => {
  it('takes a batch debit whole: the sum from the balance, each bet within the maximum stake', () => {
    const plan = planDebitV2(player, undefined, debit, 'h');
    expect(plan).toMatchObject({ balanceDelta: -700n, answer: { status: 'ok', balance: 300n } });
    expect(plan.inserts).toMatchObject([{ transactionId: 'debit:b1', amount: 700n, state: 'applied' }]);
  });

  it('refuses it whole, recorded, when one bet is over the maximum or the sum over the balance', () => {
    const over = { ...debit, amount: 900n, bets: [debit.bets[0], { ...debit.bets[1], amount: 600n }] };
    expect(planDebitV2(player, undefined, over, 'h')).toMatchObject({
      balanceDelta: 0n,
      answer: { status: 'refused', code: 'LIMIT_REACHED' },
      inserts: [{ state: 'refused' }],
    });
    const poor = { ...player, balance: 600n };
    expect(planDebitV2(poor, undefined, debit, 'h')).toMatchObject({
      balanceDelta: 0n,
      answer: { status: 'refused', code: 'INSUFFICIENT_FUNDS' },
    });
  });

  it('answers a retry as the first try, and refuses a late debit whose rollback came first', () => {
    expect(planDebitV2(player, stored('applied'), debit, 'h-debit')).toMatchObject({
      balanceDelta: 0n,
      inserts: [],
      answer: { status: 'ok', balance: 300n },
    });
    expect(planDebitV2(player, stored('applied'), debit, 'other').answer).toMatchObject({
      code: 'TRANSACTION_CONFLICT',
    });
  });

  it('pays a batch credit of an applied (or partly paid) debit and settles it; not of a rolled back one', () => {
    const debits = new Map([['debit:b1', stored('applied')]]);
    expect(planCreditV2(player, undefined, debits, credit, 'h')).toMatchObject({
      balanceDelta: 800n,
      debitUpdates: [{ transactionId: 'debit:b1', state: 'settled' }],
    });
    const settled = new Map([['debit:b1', stored('settled')]]);
    expect(planCreditV2(player, undefined, settled, credit, 'h').balanceDelta).toBe(800n);
    const rolledBack = new Map([['debit:b1', stored('rolled_back')]]);
    expect(planCreditV2(player, undefined, rolledBack, credit, 'h').answer).toMatchObject({
      code: 'TRANSACTION_ROLLED_BACK',
    });
    expect(planCreditV2(player, undefined, new Map(), credit, 'h').answer).toMatchObject({
      code: 'UNKNOWN_TRANSACTION',
    });
  });

  it('rolls a batch debit back as version 1 does, and refuses once it is paid', () => {
    const rollback: RollbackV2Call = {
      transactionId: 'rollback:debit:b1',
      playerId: 'p1',
      currency: 'EUR',
      debitTransactionId: 'debit:b1',
      roundId: 'r1',
      betIds: ['b1', 'b2'],
    };
    expect(planRollbackV2(player, undefined, stored('applied'), rollback, 'h')).toMatchObject({
      balanceDelta: 700n,
      debitUpdate: { transactionId: 'debit:b1', state: 'rolled_back' },
    });
    expect(planRollbackV2(player, undefined, stored('settled'), rollback, 'h').answer).toMatchObject({
      code: 'ROLLBACK_NOT_ALLOWED',
    });
    // Ahead of its debit: a mark under the debit's id refuses the debit when it comes.
    expect(planRollbackV2(player, undefined, undefined, rollback, 'h').inserts[0]).toMatchObject({
      transactionId: 'debit:b1',
      state: 'rolled_back',
    });
  });
});
