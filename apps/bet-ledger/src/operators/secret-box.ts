import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts the operators' API secrets at rest with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), a fresh
 * 12-byte IV per secret; the associated data (the key id) binds a ciphertext to its row, so a secret copied onto
 * another key's row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    if (!/^[0-9a-fA-F]{64}$/.test(hexKey))
      throw new Error('the secrets key must be 32 bytes as 64 hex chars');
    this.key = Buffer.from(hexKey, 'hex');
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plaintext, or an error when the box was altered, belongs to another row or another key. */
  open(sealed: string, associatedData: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a sealed secret');
    const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
    if (iv.length !== 12 || tag.length !== 16) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
