import { SecretBox } from './secret-box';

const KEY = 'ab'.repeat(32);

describe('SecretBox (AES-256-GCM)', () => {
  it('seals and opens, with a fresh IV each time', () => {
    const box = new SecretBox(KEY);
    const a = box.seal('s3cret', 'key-1');
    const b = box.seal('s3cret', 'key-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(box.open(a, 'key-1')).toBe('s3cret');
  });

  it('refuses another row, another key, or an altered box', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('s3cret', 'key-1');
    expect(() => box.open(sealed, 'key-2')).toThrow();
    expect(() => new SecretBox('cd'.repeat(32)).open(sealed, 'key-1')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'key-1')).toThrow();
    expect(() => box.open('garbage', 'key-1')).toThrow();
    expect(() => new SecretBox('short')).toThrow();
  });
});
