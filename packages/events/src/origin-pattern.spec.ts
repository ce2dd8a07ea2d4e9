import { isOperatorOriginPattern, originMatcher } from './origin-pattern';

describe('origin patterns', () => {
  it('matches an exact origin, a host on any port, and * everything', () => {
    const exact = originMatcher('https://casino.example');
    expect(exact?.('https://casino.example')).toBe(true);
    expect(exact?.('https://CASINO.example')).toBe(true);
    expect(exact?.('https://casino.example:8443')).toBe(false);
    expect(exact?.('https://casino.example.evil.example')).toBe(false);
    const anyPort = originMatcher('http://localhost:*');
    expect(anyPort?.('http://localhost:5173')).toBe(true);
    expect(anyPort?.('http://localhost')).toBe(true);
    expect(anyPort?.('https://localhost:5173')).toBe(false);
    expect(originMatcher('*')?.('https://any.example')).toBe(true);
  });

  it('refuses malformed entries, and * or over-long entries as an operator origin', () => {
    expect(originMatcher('casino.example')).toBeUndefined();
    expect(originMatcher('https://casino.example/path')).toBeUndefined();
    expect(originMatcher('ftp://casino.example')).toBeUndefined();
    expect(isOperatorOriginPattern('*')).toBe(false);
    expect(isOperatorOriginPattern(`https://${'a'.repeat(300)}.example`)).toBe(false);
    expect(isOperatorOriginPattern('https://casino.example:*')).toBe(true);
  });
});
