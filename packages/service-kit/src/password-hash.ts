import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * Password hashing of the platform's staff accounts (the ledger's back-office staff, the game services' dealers):
 * argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum), salt included in the string.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. An unknown account (`stored` undefined) is checked against a dummy hash,
 * so the answer takes as long and does not tell which accounts exist.
 */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  dummy ??= hash('not a password of anyone');
  const target = stored ?? (await dummy);
  try {
    const ok = await verify(target, password);
    return ok && stored !== undefined;
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** A generated password (shown once): 18 random bytes, base64url. */
export const generatePassword = () => randomBytes(18).toString('base64url');
