import { HttpException, HttpStatus } from '@nestjs/common';

/** The dealer console's authentication and audit refusals (the commands keep the machines' codes). */
export type DealerAuthCode =
  | 'UNAUTHENTICATED'
  | 'LOGIN_FAILED'
  | 'LOGIN_THROTTLED'
  | 'DEALER_SUSPENDED'
  | 'DEALER_TOKEN_INVALID'
  | 'DEALER_TOKEN_EXPIRED'
  | 'DEALER_LOGIN_DISABLED'
  | 'TABLE_NOT_ALLOWED'
  | 'PIT_BOSS_ONLY'
  | 'INVALID_MESSAGE';

const STATUS: Record<DealerAuthCode, number> = {
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  LOGIN_FAILED: HttpStatus.UNAUTHORIZED,
  LOGIN_THROTTLED: HttpStatus.TOO_MANY_REQUESTS,
  DEALER_SUSPENDED: HttpStatus.FORBIDDEN,
  DEALER_TOKEN_INVALID: HttpStatus.UNAUTHORIZED,
  DEALER_TOKEN_EXPIRED: HttpStatus.UNAUTHORIZED,
  DEALER_LOGIN_DISABLED: HttpStatus.SERVICE_UNAVAILABLE,
  TABLE_NOT_ALLOWED: HttpStatus.FORBIDDEN,
  PIT_BOSS_ONLY: HttpStatus.FORBIDDEN,
  INVALID_MESSAGE: HttpStatus.BAD_REQUEST,
};

const MESSAGES: Record<DealerAuthCode, string> = {
  UNAUTHENTICATED: 'send Authorization: Bearer <dealer token> (POST /dealer/login)',
  LOGIN_FAILED: 'unknown dealer or wrong password',
  LOGIN_THROTTLED: 'too many failed logins: try again later',
  DEALER_SUSPENDED: 'the dealer account is suspended',
  DEALER_TOKEN_INVALID: 'the dealer token is not valid',
  DEALER_TOKEN_EXPIRED: 'the dealer token has expired: log in again',
  DEALER_LOGIN_DISABLED: 'dealer accounts are not configured on this service (DEALER_TOKEN_SECRET)',
  TABLE_NOT_ALLOWED: 'the dealer may not run this table',
  PIT_BOSS_ONLY: 'only a pit boss (a dealer of every table) may read the audit log',
  INVALID_MESSAGE: 'the request is not valid',
};

/** A refusal as the REST filter sends it: the code's status, `{ code, message }`. */
export function dealerRefusal(code: DealerAuthCode, message: string = MESSAGES[code]): HttpException {
  return new HttpException({ ok: false, code, message }, STATUS[code]);
}

/** LOGIN_THROTTLED with the seconds to wait (the controller sends them as Retry-After). */
export class LoginThrottledRefusal extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        ok: false,
        code: 'LOGIN_THROTTLED',
        message: `${MESSAGES.LOGIN_THROTTLED} (in ${retryAfterSeconds} s)`,
      },
      STATUS.LOGIN_THROTTLED,
    );
  }
}
