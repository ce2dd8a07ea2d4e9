import { nextCardFor } from '@casino/baccarat';
import { cardToText } from '@casino/cards';
import { myBetsView, shoeView } from '@casino/table-kit/core';
import { otherCurrencyProfile } from '@casino/table-kit/config';
import { TableViewer } from '@casino/table-kit/nest';
import { rulesIn } from '../bets/ledger-table-config';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { BaccaratTableState } from './baccarat-table.state';
import { waitingExposedCards } from './exposed-cards';

/** The table as a joining (or reconnecting) player sees it: round, timer, cards so far, own bets, results. */
export function tableView(
  state: BaccaratTableState,
  config: BaccaratTableConfig,
  viewer?: TableViewer,
): object {
  const round = state.round;
  // A player of another currency the table takes sees that currency's limits (docs/ledger.md#currencies-per-table).
  const profile = otherCurrencyProfile(config, viewer?.currency);
  const rules = profile ? rulesIn(config.rules, profile) : config.rules;
  return {
    tableId: state.tableId,
    game: 'baccarat',
    variant: config.rules.variant,
    payTable: config.rules.payTable,
    currency: profile ? viewer?.currency : config.currency,
    dealer: config.dealer,
    phase: state.phase,
    limits: rules.limits,
    betTypes: rules.betTypes,
    maxDifference: profile ? (profile.maxDifference ?? null) : config.rules.maxPlayerBankerDifference,
    sideBetLastRound: config.rules.sideBetLastRound,
    timers: config.timers,
    serverTime: Date.now(),
    shoe: state.shoe ? { ...shoeView(state.shoe), burn: state.shoe.burn } : null,
    round: round
      ? {
          roundId: round.roundId,
          number: round.number,
          noBet: round.noBet,
          closesAt: round.closesAt,
          cards: round.cards.map(cardToText),
          exposed: round.exposed,
          next: state.phase === 'dealing' ? nextCardFor(round.cards) : undefined,
          voided: round.voidEvent?.reason,
          myBets: myBetsView(round.book, viewer),
        }
      : null,
    // Cards exposed out of order waiting for their round (this one while betting, else the next).
    exposedCards: waitingExposedCards(state),
    history: state.history.slice(-20),
    lastRevealedShoe: state.revealed.at(-1)?.shoeId,
  };
}
