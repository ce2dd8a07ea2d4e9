import { realityCheckMinutesOf } from './jurisdictions';

describe("a launch's reality-check interval", () => {
  const jurisdictions = new Map([['GB', { realityCheckMinutes: 60 }]]);

  it("is the operator's own when it sends one, else its player's country's, else none", () => {
    expect(realityCheckMinutesOf(jurisdictions, { country: 'GB', realityCheckMinutes: 20 })).toBe(20);
    expect(realityCheckMinutesOf(jurisdictions, { country: 'GB' })).toBe(60);
    expect(realityCheckMinutesOf(jurisdictions, { country: 'DE' })).toBeUndefined();
    expect(realityCheckMinutesOf(jurisdictions, {})).toBeUndefined();
    expect(realityCheckMinutesOf(new Map(), { country: 'GB', realityCheckMinutes: 45 })).toBe(45);
  });
});
