import { BlackjackRules, handValue, houseEdgeOf, payoutName } from '@casino/blackjack';
import { cardToText } from '@casino/cards';
import { isLiveBet, myBetsView, playerLabel, samePlayer, shoeView } from '@casino/table-kit/core';
import { TableViewer } from '@casino/table-kit/nest';
import { mainLimitFor } from './table-context';
import { ownsSeat, seatName } from './seat-players';
import { BlackjackTableConfig } from '../config/blackjack-config';
import { BlackjackTableState } from './blackjack-table.state';

/** The table as a joining (or reconnecting) player sees it; the hole card stays hidden until revealed. */
export function tableView(
  state: BlackjackTableState,
  config: BlackjackTableConfig,
  viewer?: TableViewer,
): object {
  const round = state.round;
  // A player of another currency the table takes sees that currency's limits (docs/ledger.md#currencies-per-table).
  const own = mainLimitFor(config, viewer?.currency);
  const other = viewer?.currency !== undefined && viewer.currency !== config.currency && own !== undefined;
  const engine = round?.engine;
  const dealerCards = engine
    ? engine.dealer.cards.map((c, i) =>
        i === 1 && config.rules.dealerHoleCard && !engine.dealer.holeCardRevealed ? null : cardToText(c),
      )
    : [];
  return {
    tableId: state.tableId,
    game: 'blackjack',
    currency: other ? viewer?.currency : config.currency,
    dealer: config.dealer,
    phase: state.phase,
    limits: { main: (own ?? { mainLimit: config.mainLimit }).mainLimit },
    rules: rulesView(config.rules),
    timers: config.timers,
    serverTime: Date.now(),
    shoe: state.shoe ? shoeView(state.shoe) : null,
    round: round
      ? {
          roundId: round.roundId,
          closesAt: round.closesAt,
          /** Cards dealt so far: the index of the next one, which the studio console signs with it. */
          cardsDealt: round.inputs.filter((i) => i.kind === 'card').length,
          seats: engine
            ? engine.seats.map((s) => ({
                seat: s.seat,
                name: seatName(state.tableId, round, s.seat),
                mine: viewer ? ownsSeat(round, s.seat, viewer) : false,
                stake: s.stake,
                insurance: s.insurance,
                hands: s.hands.map((h) => ({
                  id: h.id,
                  cards: h.cards.map(cardToText),
                  total: handValue(h.cards).total,
                  stake: h.stake,
                  doubleStake: h.doubleStake,
                  finished: h.finished,
                })),
              }))
            : round.book.bets
                .filter((b) => isLiveBet(b) && b.bet.game === 'blackjack' && b.bet.kind === 'main')
                .map((b) => ({
                  seat: b.bet.game === 'blackjack' ? b.bet.seat : 0,
                  name: playerLabel(state.tableId, b),
                  mine: viewer ? samePlayer(b, viewer) : false,
                  stake: b.stake,
                  status: b.status,
                })),
          dealer: { cards: dealerCards },
          awaiting: engine?.awaiting.kind === 'card' ? { kind: 'card' } : engine?.awaiting,
          deadline: round.deadline,
          voided: round.voidEvent?.reason,
          myBets: myBetsView(round.book, viewer),
        }
      : null,
    // Fields picked one by one: entries of older snapshots carried player ids, which the table never shows.
    history: state.history.slice(-10).map((h) => ({
      roundId: h.roundId,
      dealer: h.dealer,
      seats: h.seats.map((s) => ({
        seat: s.seat,
        name: s.name ?? `Seat ${s.seat}`,
        totals: s.totals,
        returned: s.returned,
        staked: s.staked,
      })),
    })),
  };
}

/**
 * The table's rules as players see them (docs/rules/blackjack.md#table-settings): its variant name where it
 * departs from the operators' rules (null where it does not), and its house edge for basic strategy.
 */
export function rulesView(rules: BlackjackRules): object {
  const edge = houseEdgeOf(rules);
  return {
    variant: rules.variant ?? null,
    houseEdge: Number(edge.basicStrategy.toFixed(5)),
    houseEdgeExact: edge.exact,
    decks: rules.decks,
    peek: rules.peek,
    double: rules.double,
    doubleAfterSplit: rules.doubleAfterSplit,
    maxSplitHands: rules.maxSplitHands,
    resplitAces: rules.resplitAces,
    splitAcesOneCard: rules.splitAcesOneCard,
    blackjackPays: payoutName(rules.blackjackPays),
    dealerStandsOnSoft17: !rules.dealerHitsSoft17,
    dealerHoleCard: rules.dealerHoleCard,
    insurancePays: rules.insurance ? '2:1' : null,
  };
}
