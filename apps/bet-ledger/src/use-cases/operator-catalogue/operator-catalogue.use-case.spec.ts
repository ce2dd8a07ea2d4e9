import { tableView } from './operator-catalogue.use-case';

const row = (game: string, settings: Record<string, unknown>, results: Record<string, unknown>[] = []) => ({
  tableId: 't',
  game,
  variant: 'live',
  dealer: 'studio' as const,
  dealerLanguage: 'en',
  currency: 'EUR',
  status: 'open' as const,
  settings: { game, ...settings },
  updatedAt: '2026-12-05T00:00:00.000Z',
  lastResults: results.map((result, i) => ({ roundId: `r${i}`, result })),
});

describe('a catalogue table as an operator sees it', () => {
  it('gives exact RTP per bet, null where play decides it (blackjack)', () => {
    const rou = tableView(row('roulette', { limits: { red: { min: '10', max: '100' } } }));
    expect(rou.limits.red).toEqual({ min: '10', max: '100', rtp: 36 / 37 });
    const bj = tableView(row('blackjack', { limits: { main: { min: '10', max: '100' } } }));
    expect(bj.limits.main.rtp).toBeNull();
  });

  it('draws the last results, leaving out one the engine cannot read', () => {
    const view = tableView(
      row('roulette', { limits: {} }, [
        { game: 'roulette', pocket: 0, revolutions: 5 },
        { game: 'roulette', pocket: 'x' },
      ]),
    );
    expect(view.lastResults).toEqual([{ game: 'roulette', roundId: 'r0', pocket: 0 }]);
    const bac = tableView(
      row('baccarat', { payTable: 'commission', limits: {} }, [
        { game: 'baccarat', cards: ['2H', '3C', '4D', 'XX'] },
        { game: 'baccarat', cards: ['5H', '5C', '3D', '3S'] },
      ]),
    );
    expect(bac.lastResults).toEqual([
      { game: 'baccarat', roundId: 'r1', winner: 'tie', playerPair: false, bankerPair: false, natural: true },
    ]);
  });
});
