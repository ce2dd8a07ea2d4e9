import { StaffRole } from '../../src/back-office/auth/permissions';
import { StaffRepository } from '../../src/back-office/auth/staff.repository';
import { StaffService } from '../../src/back-office/staff/staff.service';
import { backOffice, Harness } from './ledger-harness';

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
  type: string | null;
}

/** A back-office call with a staff session token (or the system token when `token` is undefined). */
export async function bo<T = Record<string, unknown>>(
  h: Harness,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await fetch(h.url(path), {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? backOffice(h) : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV or empty
  }
  return { status: res.status, body: parsed as T, text, type: res.headers.get('content-type') };
}

export async function ensureOperator(h: Harness, operatorId: string): Promise<void> {
  await h.ds.query(
    `INSERT INTO ledger_operators (operator_id, name, currencies) VALUES ($1, $1, '{EUR}') ON CONFLICT DO NOTHING`,
    [operatorId],
  );
}

/** Creates a staff account (as `npm run staff` does) and logs it in: its session token. */
export async function staffLogin(
  h: Harness,
  username: string,
  role: StaffRole,
  operatorId: string | null = null,
): Promise<{ token: string; password: string; id: string }> {
  const made = await new StaffService(new StaffRepository(h.ds)).create({ username, role, operatorId });
  const res = await bo<{ token: string }>(h, 'POST', '/back-office/login', undefined, {
    username,
    password: made.password,
  });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
  return { token: res.body.token, password: made.password, id: made.staff.id };
}
