import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum), as dealer accounts use. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/** True when `password` matches; an unknown user is checked against a dummy hash so timing tells nothing. */
export async function checkPassword(stored: string | undefined, password: string): Promise<boolean> {
  dummy ??= hash('not a password of anyone');
  const target = stored ?? (await dummy);
  try {
    return (await verify(target, password)) && stored !== undefined;
  } catch {
    return false; // a malformed stored hash matches nothing
  }
}

/** A generated password (shown once): 18 random bytes, base64url. */
export const generatePassword = () => randomBytes(18).toString('base64url');
