import { CutCardPlacement } from '@casino/cards';
import { BlackjackError } from './errors';

/** When the dealer checks the hole card for blackjack before the players act. */
export const PEEK_RULES = ['ace', 'ace-and-ten', 'none'] as const;
export type PeekRule = (typeof PEEK_RULES)[number];

/** Which two-card hands may double: any, only totals 9–11, only 10–11, or never. */
export const DOUBLE_RULES = ['any-two', '9-11', '10-11', 'none'] as const;
export type DoubleRule = (typeof DOUBLE_RULES)[number];

/** The most hands splitting may give one seat at any table (hand ids 0..3). */
export const MAX_SPLIT_HANDS = 4;

/** A table's blackjack rules as plain data. Defaults are those of rules/blackjack.md. */
export interface BlackjackRules {
  /** Decks in the shoe (simulations; the round itself never counts cards). */
  decks: number;
  /** Cut card placement for simulations and the service's shoe. */
  cutCard: CutCardPlacement;
  /** H17 when true; S17 (stand on every 17) when false. */
  dealerHitsSoft17: boolean;
  /** Win on a blackjack per unit staked, as a fraction (3:2 = 3/2). */
  blackjackPays: { num: bigint; den: bigint };
  double: DoubleRule;
  doubleAfterSplit: boolean;
  /** Most hands one seat may hold through splitting: 1 = no split, 2 = split once (default), 4 = resplit to 4. */
  maxSplitHands: number;
  /** Whether split aces that receive another ace may be split again (within maxSplitHands). */
  resplitAces: boolean;
  /** Split aces receive exactly one card each. */
  splitAcesOneCard: boolean;
  peek: PeekRule;
  /**
   * true: the dealer's second card is dealt face down in the initial deal (all peek modes).
   * false: European no-hole-card — the second card is drawn after the players; requires peek 'none'.
   */
  dealerHoleCard: boolean;
  /** Insurance offered when the up card is an Ace: costs half the original stake, pays 2:1. */
  insurance: boolean;
}

export const DEFAULT_RULES: Readonly<BlackjackRules> = Object.freeze({
  decks: 8,
  cutCard: { fromBack: 4 * 52 },
  dealerHitsSoft17: false,
  blackjackPays: { num: 3n, den: 2n },
  double: 'any-two',
  doubleAfterSplit: true,
  maxSplitHands: 2,
  resplitAces: false,
  splitAcesOneCard: true,
  peek: 'ace',
  dealerHoleCard: true,
  insurance: true,
});

/** The defaults overridden by `overrides`, checked; throws BlackjackError('INVALID_RULES'). */
export function resolveRules(overrides: Partial<BlackjackRules> = {}): BlackjackRules {
  const rules: BlackjackRules = {
    ...DEFAULT_RULES,
    ...overrides,
    cutCard: { ...(overrides.cutCard ?? DEFAULT_RULES.cutCard) },
    blackjackPays: { ...(overrides.blackjackPays ?? DEFAULT_RULES.blackjackPays) },
  };
  assertRules(rules);
  return rules;
}

export function assertRules(rules: BlackjackRules): void {
  const fail = (why: string): never => {
    throw new BlackjackError('INVALID_RULES', why);
  };
  if (!Number.isInteger(rules.decks) || rules.decks < 1 || rules.decks > 8) fail('decks must be 1..8');
  const { num, den } = rules.blackjackPays;
  if (typeof num !== 'bigint' || typeof den !== 'bigint' || num <= 0n || den <= 0n) {
    fail('blackjackPays must be positive bigints');
  }
  if (!DOUBLE_RULES.includes(rules.double)) fail(`double must be one of ${DOUBLE_RULES.join(', ')}`);
  if (!PEEK_RULES.includes(rules.peek)) fail(`peek must be one of ${PEEK_RULES.join(', ')}`);
  if (
    !Number.isInteger(rules.maxSplitHands) ||
    rules.maxSplitHands < 1 ||
    rules.maxSplitHands > MAX_SPLIT_HANDS
  ) {
    fail(`maxSplitHands must be 1..${MAX_SPLIT_HANDS}`);
  }
  if (!rules.dealerHoleCard && rules.peek !== 'none') fail('without a hole card the dealer cannot peek');
  for (const flag of [
    'dealerHitsSoft17',
    'doubleAfterSplit',
    'resplitAces',
    'splitAcesOneCard',
    'dealerHoleCard',
    'insurance',
  ] as const) {
    if (typeof rules[flag] !== 'boolean') fail(`${flag} must be a boolean`);
  }
}
