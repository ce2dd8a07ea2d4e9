import { defineGame, Ratio } from '@casino/game-kit';
import { DEFAULT_RULES, validateTableRules } from './core/rules';
import { BLACKJACK_STAKE_KINDS } from './core/types';
import { settleBlackjackWireRound } from './game-settle';
import {
  blackjackBetSchema,
  blackjackResultSchema,
  blackjackTableRules,
  blackjackTableSchema,
} from './game-wire';

/** Insurance pays 2:1; a double or split stake wins even money (docs/rules/blackjack.md#settlement). */
const ADDITIONAL_RETURN: Readonly<Record<'double' | 'split' | 'insurance', Ratio>> = {
  double: { num: 2n, den: 1n },
  split: { num: 2n, den: 1n },
  insurance: { num: 3n, den: 1n },
};

/** Blackjack as the platform sees it (docs/rules/blackjack.md). */
export const blackjackGame = defineGame({
  id: 'blackjack',
  title: 'Blackjack',
  service: 'blackjack',
  tablePrefix: 'bj',
  betSpecSchema: blackjackBetSchema,
  resultSchema: blackjackResultSchema,
  tableConfigSchema: blackjackTableSchema,
  tableConfigProblems: (config) => validateTableRules(blackjackTableRules(config)),
  defaultTableConfig: {
    game: 'blackjack',
    limits: { main: { min: '100', max: '500000' } },
    decks: DEFAULT_RULES.decks,
    peek: DEFAULT_RULES.peek,
    doubleAfterSplit: DEFAULT_RULES.doubleAfterSplit,
  },
  limitKeys: BLACKJACK_STAKE_KINDS,
  limitKey: (bet) => bet.kind,
  spotKey: (bet) => `${bet.kind}:${bet.seat}:${bet.hand}`,
  // Seats and mid-round stakes are checked against the round's state by the ledger's decision.
  checkBet: () => ({ ok: true }),
  cutoffProblem: () => null,
  maxReturn(bet, config) {
    if (bet.kind !== 'main') return ADDITIONAL_RETURN[bet.kind];
    const pays = config.blackjackPays;
    const blackjack = { num: BigInt(pays.num + pays.den), den: BigInt(pays.den) };
    // A natural pays the table's blackjack payout; any other win even money.
    return blackjack.num > 2n * blackjack.den ? blackjack : { num: 2n, den: 1n };
  },
  settle: settleBlackjackWireRound,
  consumedCards: {
    kind: 'cards',
    cards: (result) => result.inputs.flatMap((i) => (i.kind === 'card' ? [i.card] : [])),
  },
  exactReturn: {
    kind: 'none',
    reason:
      "a blackjack bet's return depends on the players' decisions; `npm run rtp -- blackjack` simulates basic strategy only",
  },
  restrictionRules: [],
  automaticDraw: { kind: 'none', reason: 'players decide each hand: blackjack-service deals it' },
  layout: {
    kind: 'none',
    reason: "players' hands and decisions: apps/player-web's tables/blackjack draws them",
  },
});
