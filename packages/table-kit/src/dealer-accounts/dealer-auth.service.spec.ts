import { ManualClock } from '@casino/test-support';
import { HttpException } from '@nestjs/common';
import { DealerAuthService } from './dealer-auth.service';
import { DealerAccountsEnv } from './dealer-accounts-config';
import { LoginThrottle } from './login-throttle';
import { MemoryDealerStore } from './memory-dealer.repository';
import { hashPassword } from '@casino/service-kit';

const env: DealerAccountsEnv = {
  DEALER_TOKEN_SECRET: 'dealer-token-secret-0123456789abcdef',
  DEALER_TOKEN_TTL_SECONDS: 600,
  DEALER_LOGIN_MAX_FAILURES: 3,
  DEALER_LOGIN_MAX_FAILURES_PER_IP: 20,
  DEALER_LOGIN_WINDOW_SECONDS: 900,
  DEALER_API_KEY: 'automation-key-0123',
  DEALER_API_KEY_IN_PRODUCTION: false,
};

async function setup() {
  const clock = new ManualClock(1_700_000_000_000);
  const store = new MemoryDealerStore('baccarat');
  await store.create({
    dealerId: 'd1',
    displayName: 'Ana',
    passwordHash: await hashPassword('correct horse battery'),
    tables: ['bac-1', 'bac-2'],
  });
  const throttle = new LoginThrottle(clock, {
    maxFailuresPerDealer: 3,
    maxFailuresPerIp: 20,
    windowMs: 900_000,
    maxKeys: 100,
  });
  const auth = new DealerAuthService({ service: 'baccarat', env, clock }, store, throttle);
  return { clock, store, auth };
}

async function codeOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpException) return (err.getResponse() as { code: string }).code;
    throw err;
  }
  return 'ok';
}

describe('DealerAuthService', () => {
  it('logs in, and the token authenticates the dealer with its tables', async () => {
    const { auth, store } = await setup();
    const answer = await auth.login('d1', 'correct horse battery', '10.0.0.1');
    expect(answer.dealer).toEqual({ dealerId: 'd1', displayName: 'Ana', tables: ['bac-1', 'bac-2'] });
    const who = await auth.authenticate({ authorization: `Bearer ${answer.token}` }, '10.0.0.1');
    expect(who).toEqual({ dealerId: 'd1', tables: ['bac-1', 'bac-2'] });
    const log = await store.readAudit({ limit: 10 });
    expect(log.map((e) => [e.dealerId, e.action, e.result, e.body])).toEqual([['d1', 'login', 'ok', null]]);
  });

  it('refuses wrong passwords and unknown dealers alike, then throttles', async () => {
    const { auth } = await setup();
    expect(await codeOf(auth.login('d1', 'wrong password!', '10.0.0.1'))).toBe('LOGIN_FAILED');
    expect(await codeOf(auth.login('nobody', 'wrong password!', '10.0.0.1'))).toBe('LOGIN_FAILED');
    expect(await codeOf(auth.login('d1', 'wrong password!', '10.0.0.1'))).toBe('LOGIN_FAILED');
    expect(await codeOf(auth.login('d1', 'wrong password!', '10.0.0.1'))).toBe('LOGIN_FAILED');
    expect(await codeOf(auth.login('d1', 'correct horse battery', '10.0.0.1'))).toBe('LOGIN_THROTTLED');
  });

  it('expires tokens, and a suspension or a narrowed scope applies at once', async () => {
    const { auth, store, clock } = await setup();
    const { token } = await auth.login('d1', 'correct horse battery', '10.0.0.1');
    const bearer = { authorization: `Bearer ${token}` };
    await store.update('d1', { tables: ['bac-2'] });
    expect(await auth.authenticate(bearer, 'ip')).toEqual({ dealerId: 'd1', tables: ['bac-2'] });
    await store.update('d1', { status: 'suspended' });
    expect(await codeOf(auth.authenticate(bearer, 'ip'))).toBe('DEALER_SUSPENDED');
    expect(await codeOf(auth.login('d1', 'correct horse battery', 'ip'))).toBe('DEALER_SUSPENDED');
    await store.update('d1', { status: 'active' });
    clock.advance(600_000);
    expect(await codeOf(auth.authenticate(bearer, 'ip'))).toBe('DEALER_TOKEN_EXPIRED');
  });

  it('takes the development key as dealer automation of every table, nothing else', async () => {
    const { auth } = await setup();
    expect(await auth.authenticate({ 'x-dealer-key': 'automation-key-0123' }, 'ip')).toEqual({
      dealerId: 'automation',
      tables: ['*'],
    });
    expect(await codeOf(auth.authenticate({ 'x-dealer-key': 'automation-key-0124' }, 'ip'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await codeOf(auth.authenticate({ authorization: 'Bearer x.y' }, 'ip'))).toBe(
      'DEALER_TOKEN_INVALID',
    );
    expect(await codeOf(auth.authenticate({}, 'ip'))).toBe('UNAUTHENTICATED');
  });
});
