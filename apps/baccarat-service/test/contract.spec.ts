import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { describeGameServiceContract } from '@casino/service-testing';
import { harness } from './support/harness';

jest.setTimeout(90_000);

// The game service contract (packages/service-testing/src/contract) on automatic commission tables.
describeGameServiceContract({
  app: 'baccarat-service',
  harness,
  games: [
    {
      id: 'baccarat',
      table: (id, bettingMs) => ({
        id,
        variant: 'commission',
        dealer: 'auto',
        timers: { bettingMs, cardMs: 20, resultMs: 300 },
      }),
      // Player and Tie: one player may hold both (Player with Banker is OPPOSING_BETS).
      bets: [{ type: 'player' }, { type: 'tie' }],
      opposing: [{ type: 'banker' }, { type: 'player' }],
      returnOf: (shown, bet, stake) =>
        settleBet(
          bet.type as 'player' | 'tie',
          stake,
          outcomeFromCards(parseCards(shown.cards as string[])),
          'commission',
        ).returned,
    },
  ],
});
