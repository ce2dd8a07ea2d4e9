import { CasinoEvent } from '@casino/events';
import { metricsRegistry } from '@casino/observability';
import { TableObserver } from './table-observer';

const ids = { tableId: 'rou-1', roundId: 'r1', game: 'roulette' };
const event = (type: string, extra: object = {}) =>
  ({ type, id: `${type}-1`, ...ids, ...extra }) as unknown as CasinoEvent;

async function series(name: string): Promise<string[]> {
  const text = await metricsRegistry().metrics();
  return text.split('\n').filter((l) => l.startsWith(name));
}

describe('TableObserver', () => {
  it('times betting, spinning and settling from the events of a round, once each', async () => {
    const observer = new TableObserver();
    observer.committed([event('RoundOpened')], 1_000);
    observer.committed([event('BettingClosed')], 16_000);
    observer.committed([event('RoundResult')], 21_000);
    observer.fromLedger(event('RoundSettled'), 21_400);
    // A second part of the same settlement ends nothing more.
    observer.fromLedger(event('RoundSettled'), 21_900);
    const counts = await series('casino_game_round_phase_seconds_count');
    expect(counts).toEqual(
      expect.arrayContaining([
        'casino_game_round_phase_seconds_count{game="roulette",phase="betting"} 1',
        'casino_game_round_phase_seconds_count{game="roulette",phase="spinning"} 1',
        'casino_game_round_phase_seconds_count{game="roulette",phase="settling"} 1',
      ]),
    );
    const sums = await series('casino_game_round_phase_seconds_sum');
    expect(sums).toEqual(
      expect.arrayContaining([
        'casino_game_round_phase_seconds_sum{game="roulette",phase="betting"} 15',
        'casino_game_round_phase_seconds_sum{game="roulette",phase="settling"} 0.4',
      ]),
    );
  });

  it('counts the ledger decisions per configured table, an RNG session under its table', async () => {
    const observer = new TableObserver();
    observer.fromLedger(
      event('BetAccepted', { tableId: 'bac-rng~op%3Aa:p1', commandId: 'c1', betId: 'b1' }),
      0,
    );
    observer.fromLedger(event('BetRejected', { tableId: 'bac-1', commandId: 'c2', code: 'LATE_BET' }), 0);
    const lines = await series('casino_game_bet_decisions_total');
    expect(lines).toEqual(
      expect.arrayContaining([
        'casino_game_bet_decisions_total{table="bac-rng",outcome="accepted",code="OK"} 1',
        'casino_game_bet_decisions_total{table="bac-1",outcome="rejected",code="LATE_BET"} 1',
      ]),
    );
    expect(lines.join('\n')).not.toContain('p1');
  });
});
