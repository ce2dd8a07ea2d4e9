import { settleBet } from '@casino/roulette';
import { describeGameServiceContract } from '@casino/service-testing';
import { harness } from './support/harness';

jest.setTimeout(90_000);

// The game service contract (packages/service-testing/src/contract) on automatic wheels.
describeGameServiceContract({
  app: 'roulette-service',
  harness,
  games: [
    {
      id: 'roulette',
      table: (id, bettingMs) => ({ id, dealer: 'auto', timers: { bettingMs, spinMs: 300, resultMs: 500 } }),
      bets: [{ bet: { type: 'red' } }, { bet: { type: 'odd' } }],
      returnOf: (shown, bet, stake) =>
        settleBet(bet.bet as Parameters<typeof settleBet>[0], stake, shown.pocket as number).returned,
    },
  ],
});
