import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * Encryption at rest of a table's saved state (undealt cards, salts, server seeds, a spun pocket): AES-256-GCM,
 * a fresh 12-byte IV per write, the table id and the key's id as associated data, so a blob fails to open under
 * another table id or after its key id is edited. Stored as text: `sealed1.<keyId>.<base64(iv | tag | ciphertext)>`.
 */
const PREFIX = 'sealed1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type StateSealErrorCode = 'STATE_KEY_UNKNOWN' | 'STATE_TAMPERED' | 'STATE_MALFORMED';

/** A saved state that cannot be opened: the load fails (a table never silently starts over with a new shoe). */
export class StateSealError extends Error {
  constructor(
    readonly code: StateSealErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StateSealError';
  }
}

/** A 64-hex-character key's public id: stored with each blob so the reader knows which key sealed it. */
export function stateKeyId(hexKey: string): string {
  return createHash('sha256')
    .update(`casino-table-state-key-id\0${hexKey.toLowerCase()}`)
    .digest('hex')
    .slice(0, 16);
}

interface SealingKey {
  id: string;
  key: KeyObject;
}

function sealingKey(hexKey: string): SealingKey {
  return { id: stateKeyId(hexKey), key: createSecretKey(Buffer.from(hexKey, 'hex')) };
}

function associatedData(tableId: string, keyId: string): Buffer {
  return Buffer.from(`${PREFIX}\0${keyId}\0${tableId}`, 'utf8');
}

export class StateSealer {
  private readonly current: SealingKey;
  private readonly byId = new Map<string, SealingKey>();

  /** `currentKey` seals every write; `oldKeys` only open what they sealed before a rotation. */
  constructor(currentKey: string, oldKeys: readonly string[] = []) {
    this.current = sealingKey(currentKey);
    for (const k of [currentKey, ...oldKeys]) {
      const sk = sealingKey(k);
      if (!this.byId.has(sk.id)) this.byId.set(sk.id, sk);
    }
  }

  get keyId(): string {
    return this.current.id;
  }

  seal(tableId: string, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(associatedData(tableId, this.current.id));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const blob = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    return `${PREFIX}.${this.current.id}.${blob}`;
  }

  /** Whether `stored` is a sealed blob (else a plaintext row written before sealing existed). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${PREFIX}.`);
  }

  open(tableId: string, stored: string): string {
    const [prefix, keyId, blob, ...rest] = stored.split('.');
    if (prefix !== PREFIX || keyId === undefined || blob === undefined || rest.length > 0)
      throw new StateSealError('STATE_MALFORMED', `table ${tableId}: saved state is not a sealed blob`);
    const key = this.byId.get(keyId);
    if (key === undefined)
      throw new StateSealError(
        'STATE_KEY_UNKNOWN',
        `table ${tableId}: saved state sealed with key ${keyId}, not TABLE_STATE_KEY nor TABLE_STATE_OLD_KEYS`,
      );
    const raw = Buffer.from(blob, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES)
      throw new StateSealError('STATE_MALFORMED', `table ${tableId}: sealed state too short`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(associatedData(tableId, keyId));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // GCM's tag check failed: altered bytes, or a blob copied from another table's row.
      throw new StateSealError('STATE_TAMPERED', `table ${tableId}: sealed state fails authentication`);
    }
  }

  /** A stored row as JSON text: opened when sealed; a plaintext row (written before sealing) as it is. */
  openRow(tableId: string, stored: string): string {
    return StateSealer.isSealed(stored) ? this.open(tableId, stored) : stored;
  }
}
