import { amount, obj } from './game-connection';

/** The player's bonus funds as the lobby service answers them (`GET /api/me`; docs/ledger.md#bonus-funds). */
export interface PlayerBonus {
  /** Bonus money to play, minor units. */
  balance: string;
  /** The active bonus's wagering progress (absent: no active bonus, e.g. it just ended). */
  wagering?: { wagered: string; requirement: string; expiresAt: string };
}

/** The bonus part of a `GET /api/me` answer, or null when the player has no bonus balance. */
export function parsePlayerBonus(body: unknown): PlayerBonus | null {
  const me = obj(body);
  const balance = amount(me.bonus);
  if (balance === null) return null;
  const w = obj(me.wagering);
  const wagered = amount(w.wagered);
  const requirement = amount(w.requirement);
  return wagered !== null && requirement !== null && typeof w.expiresAt === 'string'
    ? { balance, wagering: { wagered, requirement, expiresAt: w.expiresAt } }
    : { balance };
}

/** How far the wagering requirement is met, in whole percent (0–100; 100 when nothing is required). */
export function wageringPercent(wagered: string, requirement: string): number {
  const need = BigInt(requirement);
  if (need <= 0n) return 100;
  const done = (BigInt(wagered) * 100n) / need;
  return Number(done > 100n ? 100n : done < 0n ? 0n : done);
}

/** The launched player's bonus from the lobby service; null without one, or when the lobby does not answer. */
export async function fetchPlayerBonus(token: string): Promise<PlayerBonus | null> {
  try {
    const res = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? parsePlayerBonus(await res.json()) : null;
  } catch {
    return null;
  }
}
