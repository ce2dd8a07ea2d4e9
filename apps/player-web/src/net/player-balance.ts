import { amount, obj } from './game-connection';

/**
 * The launched player's balance from the lobby service (`GET /api/me`, the token as a bearer), for the header
 * before any table is joined; null when the lobby has no ledger or refuses the token.
 */
export async function fetchBalance(token: string): Promise<string | null> {
  try {
    const res = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return null;
    return amount(obj(await res.json()).balance);
  } catch {
    return null;
  }
}
