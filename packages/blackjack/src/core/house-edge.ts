/*
 * A table's house edge from its rules (docs/blackjack.md#house-edge-of-a-table). Self-contained (no runtime
 * import), so the web clients can show the figure from the rules a table publishes.
 */

/** The settings that move the edge; `BlackjackRules` fits, and so do JSON settings with a number payout. */
export interface HouseEdgeRules {
  decks: number;
  dealerHitsSoft17: boolean;
  blackjackPays: { num: bigint | number; den: bigint | number };
  /** As `DoubleRule` / `PeekRule` of rules.ts. */
  double: 'any-two' | '9-11' | '10-11' | 'none';
  doubleAfterSplit: boolean;
  maxSplitHands: number;
  resplitAces: boolean;
  splitAcesOneCard: boolean;
  peek: 'ace' | 'ace-and-ten' | 'none';
  dealerHoleCard: boolean;
}

export interface HouseEdge {
  /** With composition-dependent strategy and a fresh shoe, as the reference figures are given. */
  edge: number;
  /**
   * What a total-dependent basic-strategy player loses per unit of initial stake, dealt to a cut card: what
   * `npm run rtp -- blackjack` should measure for these rules.
   */
  basicStrategy: number;
  /**
   * true: an exact published figure for these rules plus the basic-strategy allowance; false: the exact figure
   * of the nearest reference rules plus the approximate effect of each difference (docs/blackjack.md).
   */
  exact: boolean;
}

/** What total-dependent basic strategy dealt to a cut card adds to the exact figures (docs/rules/blackjack.md). */
export const BASIC_STRATEGY_ALLOWANCE = 0.0002;

/**
 * Exact house edges (composition-dependent strategy, fresh shoe) for 8 decks, S17, 3:2, double any two, split
 * once, split aces one card (docs/rules/blackjack.md#reference-figures).
 */
const REFERENCE = {
  peekAceAndTen: { das: 0.00486, noDas: 0.00607 },
  noPeek: { das: 0.00597, noDas: 0.00717 },
} as const;

/**
 * Effects against the 8-deck reference rules, in fractions of the stake (docs/blackjack.md#house-edge-of-a-table):
 * the decks from published tables; the others measured with this engine's simulator, each run against the
 * reference rules on the same seed (40M hands, 2026-12-05).
 */
const EFFECT = {
  decks: [0, -0.0048, -0.0019, -0.001, -0.0006, -0.0004, -0.0002, -0.0001, 0],
  dealerHitsSoft17: 0.0022,
  /** Peek with an Ace up only: a ten up card's blackjack is found after the players have doubled and split. */
  peekAceOnly: 0.0011,
  noSplit: 0.0038,
  splitHands: { 3: -0.0002, 4: -0.0004 } as Record<number, number>,
  resplitAces: { 3: -0.0004, 4: -0.0007 } as Record<number, number>,
  splitAcesHit: -0.0019,
  double: { 'any-two': 0, '9-11': 0.001, '10-11': 0.0018, none: 0.0138 },
};

/** Probability of a paid player blackjack (the player has one, the dealer not), in a fresh shoe of `decks`. */
export function blackjackWinChance(decks: number): number {
  const cards = 52 * decks;
  const aces = 4 * decks;
  const tens = 16 * decks;
  const player = (2 * aces * tens) / (cards * (cards - 1));
  const dealer = (2 * (aces - 1) * (tens - 1)) / ((cards - 2) * (cards - 3));
  return player * (1 - dealer);
}

export function houseEdgeOf(rules: HouseEdgeRules): HouseEdge {
  const splits = rules.maxSplitHands > 1;
  // A double after a split needs both a split and a double.
  const das = rules.doubleAfterSplit && splits && rules.double !== 'none';
  const noPeek = rules.peek === 'none' || !rules.dealerHoleCard;
  const reference = noPeek ? REFERENCE.noPeek : REFERENCE.peekAceAndTen;
  const pays = Number(rules.blackjackPays.num) / Number(rules.blackjackPays.den);
  const effects = [
    EFFECT.decks[rules.decks] ?? 0,
    rules.dealerHitsSoft17 ? EFFECT.dealerHitsSoft17 : 0,
    !noPeek && rules.peek === 'ace' ? EFFECT.peekAceOnly : 0,
    (1.5 - pays) * blackjackWinChance(rules.decks),
    splits ? (EFFECT.splitHands[rules.maxSplitHands] ?? 0) : EFFECT.noSplit,
    splits && rules.resplitAces ? (EFFECT.resplitAces[rules.maxSplitHands] ?? 0) : 0,
    splits && !rules.splitAcesOneCard ? EFFECT.splitAcesHit : 0,
    EFFECT.double[rules.double] ?? 0,
  ];
  const exact = effects.every((e) => Math.abs(e) < 1e-12);
  const edge = (das ? reference.das : reference.noDas) + effects.reduce((a, b) => a + b, 0);
  return { edge, basicStrategy: edge + BASIC_STRATEGY_ALLOWANCE, exact };
}
