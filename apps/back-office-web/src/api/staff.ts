import { requestJson } from './http';

// Staff sign-in (docs/back-office.md): a session token for every back-office route, and what the role may do.

export interface Staff {
  id: string | null;
  username: string;
  role: string;
  operatorId: string | null;
  permissions: string[];
}

export function staffLogin(
  username: string,
  password: string,
): Promise<{ token: string; expiresAt: string; staff: Staff }> {
  return requestJson('/back-office/login', null, { method: 'POST', body: { username, password } });
}

export function staffLogout(token: string): Promise<unknown> {
  return requestJson('/back-office/logout', token, { method: 'POST', body: {} });
}
