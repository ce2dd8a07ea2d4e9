import { AllowListOriginPolicy, DEFAULT_SOCKET_ORIGINS, originMatcher } from './origin-policy';

describe('AllowListOriginPolicy', () => {
  it('allows the development default on any local port, and nothing else', () => {
    const policy = new AllowListOriginPolicy(DEFAULT_SOCKET_ORIGINS.split(','));
    expect(policy.allowsOrigin('http://localhost:5173')).toBe(true);
    expect(policy.allowsOrigin('http://127.0.0.1')).toBe(true);
    expect(policy.allowsOrigin('https://localhost:5173')).toBe(false);
    expect(policy.allowsOrigin('http://localhost.evil.example')).toBe(false);
    expect(policy.allowsOrigin('https://evil.example')).toBe(false);
    // No Origin header: not a browser.
    expect(policy.allowsOrigin(undefined)).toBe(true);
  });

  it('matches exact origins and * only when configured', () => {
    const policy = new AllowListOriginPolicy(['https://casino.example']);
    expect(policy.allowsOrigin('https://casino.example')).toBe(true);
    expect(policy.allowsOrigin('https://casino.example:8443')).toBe(false);
    expect(new AllowListOriginPolicy(['*']).allowsOrigin('https://any.example')).toBe(true);
    expect(originMatcher('casino.example')).toBeUndefined();
    expect(originMatcher('https://casino.example/path')).toBeUndefined();
  });
});
