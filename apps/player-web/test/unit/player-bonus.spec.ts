import { parsePlayerBonus, wageringPercent } from '../../src/net/player-bonus';

describe("the player's bonus from GET /api/me", () => {
  it('reads the bonus balance and the wagering progress, and nothing without a bonus', () => {
    const wagering = { wagered: '1200', requirement: '50000', expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(parsePlayerBonus({ currency: 'EUR', balance: '10', bonus: '5000', wagering })).toEqual({
      balance: '5000',
      wagering,
    });
    expect(parsePlayerBonus({ currency: 'EUR', balance: '10', bonus: '0' })).toEqual({ balance: '0' });
    expect(parsePlayerBonus({ currency: 'EUR', balance: '10' })).toBeNull();
    expect(parsePlayerBonus({ bonus: '1.5' })).toBeNull();
    expect(parsePlayerBonus({ bonus: '7', wagering: { wagered: 'x', requirement: '1' } })).toEqual({
      balance: '7',
    });
  });

  it('shows the progress in whole percent, never above 100', () => {
    expect(wageringPercent('1200', '50000')).toBe(2);
    expect(wageringPercent('49999', '50000')).toBe(99);
    expect(wageringPercent('60000', '50000')).toBe(100);
    expect(wageringPercent('0', '0')).toBe(100);
  });
});
