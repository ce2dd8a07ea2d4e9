import { randomBytes } from 'node:crypto';

/** A name no other test run uses: for topics, consumer groups, databases. Lower case, [a-z0-9_]. */
export function uniqueName(prefix: string): string {
  const safe = prefix.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return `${safe}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}
