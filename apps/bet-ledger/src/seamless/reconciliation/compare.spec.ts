import { isClean, parseStatement, reconcile, StatementFormatError } from './compare';
import { PlatformCall } from './platform-calls';

const call = (
  transactionId: string,
  type: PlatformCall['type'],
  amount: bigint,
  state: PlatformCall['state'],
) =>
  ({
    transactionId,
    type,
    amount,
    state,
    playerId: 'p1',
    currency: 'EUR',
    detail: null,
    createdAt: '',
  }) as PlatformCall;

const statement = (...lines: string[]) =>
  parseStatement(['transactionId,type,amount,currency,status', ...lines].join('\n'));

describe('reconciling the platform calls with an operator statement', () => {
  it('matches equal calls, ignores the amount of a rollback and of a refused debit, and a debit rolled back before it reached the operator', () => {
    const r = reconcile(
      [
        call('debit:a', 'debit', 100n, 'confirmed'),
        call('credit:a', 'credit', 200n, 'retrying'),
        call('debit:b', 'debit', 50n, 'rolled_back'),
        call('rollback:b', 'rollback', 0n, 'confirmed'),
        call('debit:c', 'debit', 70n, 'refused'),
      ],
      statement(
        'debit:a,debit,100,EUR,confirmed',
        'credit:a,credit,200,EUR,confirmed',
        'rollback:b,rollback,0,EUR,confirmed',
        'debit:c,debit,0,EUR,refused',
      ),
    );
    expect(r.matched).toBe(4);
    expect(isClean(r)).toBe(true);
  });

  it('reports missing calls on either side and amount or outcome mismatches', () => {
    const r = reconcile(
      [call('debit:a', 'debit', 100n, 'confirmed'), call('credit:a', 'credit', 200n, 'confirmed')],
      statement('debit:a,debit,90,EUR,confirmed', 'debit:z,debit,5,EUR,confirmed'),
    );
    expect(r.mismatches.map((m) => m.transactionId)).toEqual(['debit:a']);
    expect(r.missingAtOperator.map((c) => c.transactionId)).toEqual(['credit:a']);
    expect(r.missingOnPlatform.map((l) => l.transactionId)).toEqual(['debit:z']);
    expect(isClean(r)).toBe(false);
  });

  it('refuses a statement without its header or with a malformed line, naming the line', () => {
    expect(() => parseStatement('id,amount\n')).toThrow(StatementFormatError);
    expect(() => statement('debit:a,debit,-1,EUR,confirmed')).toThrow('line 2');
  });
});
