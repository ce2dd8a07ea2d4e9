import { WalletError } from '@casino/wallet';
import { LedgerError } from '../errors/ledger.errors';
import { classifyFailure } from './failure.classifier';

const pg = (code: string, message = 'boom') =>
  Object.assign(new Error(message), { name: 'QueryFailedError', driverError: { code } });

describe('classifyFailure', () => {
  it.each([
    [
      'a killed connection (pg_terminate_backend)',
      pg('57P01', 'terminating connection due to administrator command'),
    ],
    ['a deadlock', pg('40P01')],
    ['a serialization failure', pg('40001')],
    ['a connection exception', pg('08006')],
    ['too many connections', pg('53300')],
    ['a database starting up', pg('57P03')],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that timed out', new Error('timeout exceeded when trying to connect')],
    ['the ledger unavailable', new LedgerError('SERVICE_UNAVAILABLE')],
  ])('retries %s without end', (_name, err) => {
    expect(classifyFailure(err).transient).toBe(true);
  });

  it.each([
    ['a 64-bit overflow', pg('22003', 'bigint out of range'), 'AMOUNT_OUT_OF_RANGE'],
    ['a negative balance', pg('23514'), 'CHECK_VIOLATION'],
    ['an unknown SQLSTATE', pg('XX000'), 'SQLSTATE_XX000'],
    ['a wallet refusal', new WalletError('UNBALANCED_ENTRY', 'x'), 'UNBALANCED_ENTRY'],
    ['a ledger refusal', new LedgerError('INVALID_AMOUNT'), 'INVALID_AMOUNT'],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'stake')"), 'UNEXPECTED_ERROR'],
    ['a thrown string', 'nope', 'UNEXPECTED_ERROR'],
  ])('parks %s after bounded retries, with a code', (_name, err, code) => {
    expect(classifyFailure(err)).toMatchObject({ transient: false, code });
  });

  it('keeps the message short', () => {
    expect(classifyFailure(new Error('x'.repeat(10_000))).message.length).toBeLessThan(2_100);
  });
});
