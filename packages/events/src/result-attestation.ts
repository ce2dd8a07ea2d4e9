import { createPublicKey, sign, verify } from 'node:crypto';
import { z } from 'zod';

/**
 * A live table's result signed where it happened (docs/kafka-security.md#signed-live-results): the studio's
 * console signs `{tableId, roundId, result}` with the studio's Ed25519 key, which the game service never holds;
 * the service passes the signature on in the RoundResult and the ledger verifies it with the public key the back
 * office registered for the table.
 */
export const resultAttestationSchema = z.object({ signature: z.string().min(1).max(200) }).strict();
export type ResultAttestation = z.infer<typeof resultAttestationSchema>;

/** JSON with object keys sorted at every level: the same bytes wherever the result is signed or checked. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value);
}

/** The bytes a result's signature covers. */
export function resultAttestationMessage(tableId: string, roundId: string, result: unknown): Buffer {
  return Buffer.from(`casino.round-result.v1\n${tableId}\n${roundId}\n${canonicalJson(result)}`, 'utf8');
}

/** Signs a result (the studio's console; tests) with an Ed25519 private key (PEM). */
export function signRoundResult(
  privateKeyPem: string,
  tableId: string,
  roundId: string,
  result: unknown,
): string {
  return sign(null, resultAttestationMessage(tableId, roundId, result), privateKeyPem).toString('base64');
}

/** Whether `signature` is the key's signature of the result; false for a malformed key or signature too. */
export function verifyRoundResult(
  publicKeyPem: string,
  tableId: string,
  roundId: string,
  result: unknown,
  signature: string,
): boolean {
  try {
    const key = createPublicKey(publicKeyPem);
    return verify(
      null,
      resultAttestationMessage(tableId, roundId, result),
      key,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Whether a PEM is an Ed25519 public key (what the back office may register for a table). */
export function isResultPublicKey(publicKeyPem: string): boolean {
  try {
    return createPublicKey(publicKeyPem).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
