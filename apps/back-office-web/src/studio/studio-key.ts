import { cardAttestationText, resultAttestationText } from '@packages/events/src/attestation-message';
import { resultOfCount } from '@packages/fan-tan/src/beads';

// The studio's signing key of a live table (docs/kafka-security.md#signed-live-results, docs/dealers.md): an
// Ed25519 key pair made by this browser's WebCrypto, its private key not extractable (no script, not even this
// page's, can read it out), kept in this browser's IndexedDB per table. The back office registers its public key
// for the table (PUT /tables/{id}/result-key); from then on the ledger settles the table's results only with this
// console's signatures, which the game service passes on but cannot make.

const DB_NAME = 'casino-studio';
const STORE = 'result-keys';

function openKeys(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('IndexedDB unavailable'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, use: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openKeys();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = use(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

/** The table's key pair kept by this browser, or null. */
export async function storedStudioKey(tableId: string): Promise<CryptoKeyPair | null> {
  const pair = await withStore<CryptoKeyPair | undefined>('readonly', (s) => s.get(tableId));
  return pair ?? null;
}

/** Makes (and keeps) the table's key pair in this browser: a new key replaces the old one, which must be re-registered. */
export async function createStudioKey(tableId: string): Promise<CryptoKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  await withStore('readwrite', (s) => s.put(pair, tableId));
  return pair;
}

const base64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The public key as the back office registers it: SPKI PEM. */
export async function publicKeyPem(pair: CryptoKeyPair): Promise<string> {
  const der = base64(await crypto.subtle.exportKey('spki', pair.publicKey));
  const lines = der.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

async function sign(pair: CryptoKeyPair, text: string): Promise<string> {
  return base64(
    await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(text)),
  );
}

/** The studio's signature of a whole result (roulette's announced pocket). */
export function signResult(
  pair: CryptoKeyPair,
  tableId: string,
  roundId: string,
  result: unknown,
): Promise<string> {
  return sign(pair, resultAttestationText(tableId, roundId, result));
}

/** The studio's signature of the card at `index` (from 0) of the round's dealt cards. */
export function signCard(
  pair: CryptoKeyPair,
  tableId: string,
  roundId: string,
  index: number,
  card: string,
): Promise<string> {
  return sign(pair, cardAttestationText(tableId, roundId, index, card));
}

/** What a studio dealer enters for a game a generic host draws (the studio-games service's `result` route). */
export interface StudioEntry {
  dice?: number[];
  count?: number;
  cards?: string[];
}

/**
 * The studio's signatures of a dealer's entry, in the fields the studio-games service passes on: the two-card
 * games' cards one by one at their index (`cardSignatures`), Sic Bo's faces and Fan Tan's beads as the whole result
 * the service will publish (`signature`: `{game, dice}`, `{game, count, result}` with the engine's bead result).
 */
export async function signStudioEntry(
  pair: CryptoKeyPair,
  tableId: string,
  roundId: string,
  game: string,
  entry: StudioEntry,
): Promise<{ signature?: string; cardSignatures?: string[] }> {
  if (entry.cards)
    return {
      cardSignatures: await Promise.all(
        entry.cards.map((card, index) => signCard(pair, tableId, roundId, index, card)),
      ),
    };
  const result =
    entry.count !== undefined
      ? { game, count: entry.count, result: resultOfCount(entry.count) }
      : { game, dice: entry.dice };
  return { signature: await signResult(pair, tableId, roundId, result) };
}
