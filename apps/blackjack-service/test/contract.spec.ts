import { describeGameServiceContract } from '@casino/service-testing';
import { harness } from './support/harness';

jest.setTimeout(90_000);

// The game service contract (packages/service-testing/src/contract) on an automatic dealer's table: silent players
// stand on every decision's time-out, so a round ends on its own.
describeGameServiceContract({
  app: 'blackjack-service',
  harness,
  games: [
    {
      id: 'blackjack',
      table: (id, bettingMs) => ({
        id,
        dealer: 'auto',
        timers: {
          bettingMs,
          cardMs: 100,
          decisionMs: 300,
          insuranceMs: 300,
          resultMs: 300,
          finalBetsMs: 4000,
        },
      }),
      bets: [{ seat: 1 }, { seat: 2 }],
      resultMessage: 'bj:result',
      // It deals the seats the ledger's final bets name: without Kafka, the round is voided after finalBetsMs.
      dealsAfterFinalBets: true,
      // The final bets' wait, or the deal, the insurance window and a decision time-out per hand.
      playMs: 6000,
    },
  ],
});
