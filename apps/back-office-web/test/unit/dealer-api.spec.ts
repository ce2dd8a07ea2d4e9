import { normaliseCard, serviceUrlFor } from '../../src/studio/dealer-api';

describe('studio dealer api helpers', () => {
  it('normalises scanned cards', () => {
    expect(normaliseCard(' as ')).toBe('AS');
    expect(normaliseCard('TD')).toBe('TD');
    expect(normaliseCard('10h')).toBe('TH');
    expect(normaliseCard('1S')).toBeNull();
    expect(normaliseCard('AX')).toBeNull();
    expect(normaliseCard('')).toBeNull();
  });
  it('takes a service address from the page, else the default port on the same host', () => {
    const loc = { protocol: 'http:', hostname: 'studio.local' } as Location;
    expect(serviceUrlFor('baccarat', '?baccarat=http://10.0.0.5:4101', loc)).toBe('http://10.0.0.5:4101');
    expect(serviceUrlFor('roulette', '?roulette=javascript:alert(1)', loc)).toBe('http://studio.local:3103');
  });
});
