import { PLAYER_PROTOCOL_VERSION, protocolProblem } from './version';

describe('protocol version', () => {
  it('serves the current version and a handshake without one', () => {
    expect(protocolProblem(PLAYER_PROTOCOL_VERSION)).toBeUndefined();
    expect(protocolProblem(undefined)).toBeUndefined();
  });

  it('refuses a version outside the range or not a whole number, naming the range', () => {
    expect(protocolProblem(PLAYER_PROTOCOL_VERSION + 1)).toMatch(/speaks 1–1; reload/);
    expect(protocolProblem(0)).toMatch(/not served/);
    expect(protocolProblem(3, { min: 2, max: 4 })).toBeUndefined();
    expect(protocolProblem(1, { min: 2, max: 4 })).toMatch(/speaks 2–4/);
    expect(protocolProblem('1')).toMatch(/whole number/);
    expect(protocolProblem(1.5)).toMatch(/whole number/);
  });
});
