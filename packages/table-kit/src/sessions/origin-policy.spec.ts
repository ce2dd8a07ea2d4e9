import { DEFAULT_SOCKET_ORIGINS, PlayerOriginPolicy } from './origin-policy';

describe('PlayerOriginPolicy', () => {
  const policy = new PlayerOriginPolicy(DEFAULT_SOCKET_ORIGINS.split(','));
  const opA = { operatorId: 'op-a', origins: ['https://casino-a.example', 'https://m.casino-a.example:*'] };
  const opB = { operatorId: 'op-b' };

  it('lets the platform origins (development default: any local port) connect for every operator', () => {
    expect(policy.allowsPlayer('http://localhost:5173', opA)).toBe(true);
    expect(policy.allowsPlayer('http://127.0.0.1', opB)).toBe(true);
    expect(policy.allowsPlayer('https://localhost:5173', opB)).toBe(false);
    expect(policy.allowsPlayer('http://localhost.evil.example', opB)).toBe(false);
  });

  it("lets an operator's registered origins connect with that operator's tokens only", () => {
    expect(policy.allowsPlayer('https://casino-a.example', opA)).toBe(true);
    expect(policy.allowsPlayer('https://m.casino-a.example:8443', opA)).toBe(true);
    expect(policy.allowsPlayer('https://casino-a.example', opB)).toBe(false);
    expect(policy.allowsPlayer('https://casino-a.example:8443', opA)).toBe(false);
    expect(policy.allowsPlayer('https://evil.example', opA)).toBe(false);
  });

  it('lets a client without an Origin header through (not a browser)', () => {
    expect(policy.allowsOrigin(undefined)).toBe(true);
    expect(policy.allowsPlayer(undefined, opB)).toBe(true);
  });

  it('refuses malformed origins at the transport and defers well-formed ones to the handshake', () => {
    expect(policy.allowsOrigin('https://casino-a.example')).toBe(true);
    expect(policy.allowsOrigin('null')).toBe(false);
    expect(policy.allowsOrigin('https://casino-a.example/path')).toBe(false);
  });

  it('refuses a malformed platform entry at construction', () => {
    expect(() => new PlayerOriginPolicy(['casino.example'])).toThrow(/not an origin pattern/);
    expect(new PlayerOriginPolicy(['*']).allowsPlayer('https://any.example', opB)).toBe(true);
  });
});
