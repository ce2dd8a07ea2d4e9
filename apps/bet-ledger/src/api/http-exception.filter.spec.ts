import { WalletError } from '@casino/wallet';
import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { LedgerError } from '../errors/ledger.errors';
import { HttpExceptionFilter } from './http-exception.filter';

function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    status(code: number) {
      sent.status = code;
      return { json: (body: unknown) => (sent.body = body) };
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) };
  new HttpExceptionFilter().catch(exception, host as unknown as ArgumentsHost);
  return sent;
}

describe('HttpExceptionFilter', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

  it('gives every REST error the body { code, message } with the status of its code', () => {
    expect(answer(new LedgerError('ROUND_NOT_FOUND', 'no round t/r'))).toEqual({
      status: 404,
      body: { code: 'ROUND_NOT_FOUND', message: 'no round t/r' },
    });
    expect(answer(new WalletError('INSUFFICIENT_FUNDS', 'holds 5'))).toEqual({
      status: 409,
      body: { code: 'INSUFFICIENT_FUNDS', message: 'holds 5' },
    });
    expect(answer(new BadRequestException('limit must be a number'))).toEqual({
      status: 400,
      body: { code: 'INVALID_REQUEST', message: 'limit must be a number' },
    });
    expect(answer(new Error('boom'))).toEqual({
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'the ledger failed to process the request' },
    });
  });
});
