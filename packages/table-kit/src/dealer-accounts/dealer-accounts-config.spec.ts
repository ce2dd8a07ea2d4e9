import { dealerAccessProblems } from './dealer-accounts-config';

const SECRET = 'dealer-token-secret-0123456789abcdef';
const DB = 'postgres://localhost/x';

describe('dealerAccessProblems', () => {
  it('accepts accounts with a database, or the key alone in development', () => {
    expect(dealerAccessProblems({ DEALER_TOKEN_SECRET: SECRET, DATABASE_URL: DB })).toEqual([]);
    expect(dealerAccessProblems({ DEALER_API_KEY: 'k'.repeat(12) })).toEqual([]);
  });

  it('needs a way in, and a database for accounts', () => {
    expect(dealerAccessProblems({})).toHaveLength(1);
    expect(dealerAccessProblems({ DEALER_TOKEN_SECRET: SECRET })[0]).toMatch(/DATABASE_URL/);
    expect(
      dealerAccessProblems({ DEALER_TOKEN_SECRET: SECRET, DATABASE_URL: DB, PLAYER_TOKEN_SECRET: SECRET }),
    ).toHaveLength(1);
  });

  it('in production: accounts required, the shared key only when explicitly allowed', () => {
    const prod = { NODE_ENV: 'production', DEALER_TOKEN_SECRET: SECRET, DATABASE_URL: DB };
    expect(dealerAccessProblems({ NODE_ENV: 'production', DEALER_API_KEY: 'k'.repeat(12) })).toHaveLength(2);
    expect(dealerAccessProblems({ ...prod, DEALER_API_KEY: 'k'.repeat(12) })[0]).toMatch(/refused/);
    expect(
      dealerAccessProblems({ ...prod, DEALER_API_KEY: 'k'.repeat(12), DEALER_API_KEY_IN_PRODUCTION: 'true' }),
    ).toEqual([]);
  });
});
