import { consumedCards, type RoundResultPayload } from '@casino/games';
import { createPublicKey, sign, verify } from 'node:crypto';
import { z } from 'zod';
import { cardAttestationText, resultAttestationText } from './attestation-message';

const signatureSchema = z.string().min(1).max(200);

/**
 * A live table's result signed where it happened (docs/kafka-security.md#signed-live-results), with the studio's
 * Ed25519 key, which the game service never holds: either `signature`, the studio's signature of the whole result
 * (`{tableId, roundId, result}`: roulette's pocket), or `cards`, one signature per card the result consumed, in
 * the order dealt (`{tableId, roundId, index, card}`: each card the studio's console dealt in a card game). The
 * service passes them on in the RoundResult and the ledger verifies them with the public key the back office
 * registered for the table.
 */
export const resultAttestationSchema = z
  .object({ signature: signatureSchema.optional(), cards: z.array(signatureSchema).max(400).optional() })
  .strict()
  .refine((a) => a.signature !== undefined || a.cards !== undefined, 'a signature or card signatures');
export type ResultAttestation = z.infer<typeof resultAttestationSchema>;

/** The bytes a result's signature covers. */
export function resultAttestationMessage(tableId: string, roundId: string, result: unknown): Buffer {
  return Buffer.from(resultAttestationText(tableId, roundId, result), 'utf8');
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

/** The bytes a dealt card's signature covers: the card at `index` (from 0) of the round's dealt cards. */
export function cardAttestationMessage(
  tableId: string,
  roundId: string,
  index: number,
  card: string,
): Buffer {
  return Buffer.from(cardAttestationText(tableId, roundId, index, card), 'utf8');
}

/** Signs a dealt card (tests; the studio console signs the same bytes with WebCrypto). */
export function signDealtCard(
  privateKeyPem: string,
  tableId: string,
  roundId: string,
  index: number,
  card: string,
): string {
  return sign(null, cardAttestationMessage(tableId, roundId, index, card), privateKeyPem).toString('base64');
}

/**
 * Why a result's attestation is not the studio's (a reason code and why), or undefined when it is: the whole
 * result signed, or every card the result consumed (its game's definition says which, in order) signed at its
 * index, and no signature more.
 */
export function attestationProblem(
  publicKeyPem: string,
  tableId: string,
  roundId: string,
  result: RoundResultPayload,
  attestation: ResultAttestation | undefined,
): string | undefined {
  if (!attestation) return "RESULT_NOT_SIGNED: the table's results must carry the studio's signature";
  const invalid = 'RESULT_SIGNATURE_INVALID';
  if (attestation.signature !== undefined) {
    return verifyRoundResult(publicKeyPem, tableId, roundId, result, attestation.signature)
      ? undefined
      : `${invalid}: the signature is not the studio's key's of this result`;
  }
  const signatures = attestation.cards ?? [];
  const cards = consumedCards(result);
  if (cards.length === 0 || signatures.length !== cards.length)
    return `${invalid}: ${signatures.length} card signatures for ${cards.length} cards dealt`;
  let key;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    return `${invalid}: the table's key cannot be read`;
  }
  const bad = cards.findIndex((card, index) => {
    try {
      const message = cardAttestationMessage(tableId, roundId, index, card);
      return !verify(null, message, key, Buffer.from(signatures[index], 'base64'));
    } catch {
      return true;
    }
  });
  return bad < 0
    ? undefined
    : `${invalid}: card ${bad + 1} (${cards[bad]}) is not signed by the studio's key`;
}

/** Whether a PEM is an Ed25519 public key (what the back office may register for a table). */
export function isResultPublicKey(publicKeyPem: string): boolean {
  try {
    return createPublicKey(publicKeyPem).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
