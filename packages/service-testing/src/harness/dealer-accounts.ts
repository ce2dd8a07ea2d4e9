import { hashPassword } from '@casino/service-kit';
import { PgDealerStore } from '@casino/table-kit/nest';

/** The dealer token secret of the services' e2e tests (every test env has dealer accounts on). */
export const TEST_DEALER_TOKEN_SECRET = 'test-dealer-token-secret-0123456789';

export interface TestDealer {
  service: string;
  dealerId: string;
  displayName?: string;
  tables: string[];
  password: string;
}

/** Writes a dealer into a service's registry, as `npm run dealer -- create` does. */
export async function createTestDealer(databaseUrl: string, dealer: TestDealer): Promise<void> {
  const store = await PgDealerStore.open(databaseUrl, dealer.service);
  try {
    const created = await store.create({
      dealerId: dealer.dealerId,
      displayName: dealer.displayName ?? dealer.dealerId,
      passwordHash: await hashPassword(dealer.password),
      tables: dealer.tables,
    });
    if (!created) throw new Error(`dealer ${dealer.dealerId} exists`);
  } finally {
    await store.close();
  }
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function answer(res: Response): Promise<HttpAnswer> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** POST /dealer/login. */
export async function loginDealer(url: string, dealerId: string, password: string): Promise<HttpAnswer> {
  return answer(
    await fetch(`${url}/dealer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dealerId, password }),
    }),
  );
}

/** Logs in and returns the bearer token (the test fails on a refusal). */
export async function dealerToken(url: string, dealerId: string, password: string): Promise<string> {
  const res = await loginDealer(url, dealerId, password);
  if (res.status !== 200 || typeof res.body.token !== 'string')
    throw new Error(`login of ${dealerId} refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** A console command as a logged-in dealer. */
export async function dealerAs(
  url: string,
  token: string,
  tableId: string,
  action: string,
  body: object = {},
): Promise<HttpAnswer> {
  return answer(
    await fetch(`${url}/dealer/tables/${tableId}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
  );
}

/** GET /dealer/audit with the given query. */
export async function readDealerAudit(
  url: string,
  token: string,
  query: Record<string, string> = {},
): Promise<HttpAnswer> {
  const qs = new URLSearchParams(query).toString();
  return answer(await fetch(`${url}/dealer/audit?${qs}`, { headers: { authorization: `Bearer ${token}` } }));
}
