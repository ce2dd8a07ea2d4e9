import { ArgumentsHost, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { GameServiceExceptionFilter } from './rest-exception.filter';

function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    status(code: number) {
      sent.status = code;
      return { json: (body: unknown) => (sent.body = body) };
    },
  };
  const host = { getType: () => 'http', switchToHttp: () => ({ getResponse: () => response }) };
  new GameServiceExceptionFilter().catch(exception, host as unknown as ArgumentsHost);
  return sent;
}

describe('GameServiceExceptionFilter', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

  it('answers every REST error with { code, message } only', () => {
    const refused = new HttpException({ ok: false, code: 'ACTION_NOT_ALLOWED', message: 'no round' }, 409);
    expect(answer(refused)).toEqual({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED', message: 'no round' },
    });
    expect(answer(new NotFoundException())).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not Found' },
    });
    expect(answer(new Error('boom'))).toEqual({
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'the service failed' },
    });
  });
});
