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

/** A table's blackjack rules as plain data. Defaults are those of docs/rules/blackjack.md. */
export interface BlackjackRules {
  /** Decks in the shoe (simulations; the round itself never counts cards). */
  decks: number;
  /** Cut card placement for simulations and the service's shoe: within `cutCardBounds(decks)`. */
  cutCard: CutCardPlacement;
  /** H17 when true; S17 (stand on every 17) when false. */
  dealerHitsSoft17: boolean;
  /** Win on a blackjack per unit staked, as a fraction (3:2 = 3/2): one of BLACKJACK_PAYOUTS. */
  blackjackPays: { num: bigint; den: bigint };
  double: DoubleRule;
  /** Whether a hand made by a split may double: default false (docs/rules/blackjack.md#player-decisions). */
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
  /**
   * The name a table's rules are shown under when they depart from the operators' rules (`seedDepartures`);
   * absent for a table that follows them. Checked by `validateTableRules`, not by the engine.
   */
  variant?: string;
}

/** Cards in one deck. */
const DECK_CARDS = 52;

/**
 * The blackjack payouts a table may be set to (docs/rules/blackjack.md#settlement). The rules say "at least 3 to 2", the
 * default; 6:5 and 1:1 are there for operators whose own rules allow a lower payout. Nothing else is accepted.
 */
export const BLACKJACK_PAYOUTS = Object.freeze({
  '3:2': Object.freeze({ num: 3n, den: 2n }),
  '6:5': Object.freeze({ num: 6n, den: 5n }),
  '1:1': Object.freeze({ num: 1n, den: 1n }),
});
export type BlackjackPayout = keyof typeof BLACKJACK_PAYOUTS;
export const BLACKJACK_PAYOUT_NAMES = Object.keys(BLACKJACK_PAYOUTS) as BlackjackPayout[];

/** "3:2" for { num: 3n, den: 2n }; whatever the ratio, known or not. */
export function payoutName(pays: { num: bigint; den: bigint }): string {
  return `${String(pays.num)}:${String(pays.den)}`;
}

/** The known payout a fraction is, or undefined (6:4 is not 3:2: the ratio must be written as listed). */
export function knownPayout(pays: { num: bigint; den: bigint }): BlackjackPayout | undefined {
  return BLACKJACK_PAYOUT_NAMES.find(
    (name) => BLACKJACK_PAYOUTS[name].num === pays.num && BLACKJACK_PAYOUTS[name].den === pays.den,
  );
}

/**
 * Where the cut card may go in a shoe of `decks` decks, in cards behind it (docs/rules/blackjack.md#cards-and-shoe):
 * at least one deck stays behind it (enough to finish the round in which it comes out), and it is not in the
 * first half of the shoe (at least half the shoe is dealt). A one-deck shoe, which cannot have both, takes half.
 */
export function cutCardBounds(decks: number): { min: number; max: number } {
  const half = Math.floor((decks * DECK_CARDS) / 2);
  return { min: Math.min(DECK_CARDS, half), max: half };
}

/** The default cut card: half the shoe from the back — 4 decks of 8 (docs/rules/blackjack.md#cards-and-shoe), 3 of 6, 1 of 2, 26 cards of 1. */
export function defaultCutCard(decks: number): CutCardPlacement {
  return { fromBack: cutCardBounds(decks).max };
}

export const DEFAULT_RULES: Readonly<BlackjackRules> = Object.freeze({
  decks: 8,
  cutCard: defaultCutCard(8),
  dealerHitsSoft17: false,
  blackjackPays: BLACKJACK_PAYOUTS['3:2'],
  double: 'any-two',
  // docs/rules/blackjack.md#player-decisions: a double only on the first two cards dealt to the player; after a split, stand or hit.
  doubleAfterSplit: false,
  maxSplitHands: 2,
  resplitAces: false,
  splitAcesOneCard: true,
  peek: 'ace',
  dealerHoleCard: true,
  insurance: true,
});

/**
 * The defaults overridden by `overrides`, checked; throws BlackjackError('INVALID_RULES'). Without a cut card
 * of its own, a shoe of other than 8 decks gets the default for its size (`defaultCutCard`).
 */
export function resolveRules(overrides: Partial<BlackjackRules> = {}): BlackjackRules {
  const rules = withDefaultRules(overrides);
  assertRules(rules);
  return rules;
}

/** What resolveRules returns, unchecked: for a caller that lists the problems itself (validateBlackjackRules). */
export function withDefaultRules(overrides: Partial<BlackjackRules> = {}): BlackjackRules {
  const decks = overrides.decks ?? DEFAULT_RULES.decks;
  const cutCard =
    overrides.cutCard ?? (Number.isInteger(decks) ? defaultCutCard(decks) : DEFAULT_RULES.cutCard);
  return {
    ...DEFAULT_RULES,
    ...overrides,
    cutCard: { ...cutCard },
    blackjackPays: { ...(overrides.blackjackPays ?? DEFAULT_RULES.blackjackPays) },
  };
}

/** One thing wrong with a rule set: the setting, and a message that starts with its name. */
export interface BlackjackRuleProblem {
  setting: keyof BlackjackRules;
  message: string;
}

const FLAGS = [
  'dealerHitsSoft17',
  'doubleAfterSplit',
  'resplitAces',
  'splitAcesOneCard',
  'dealerHoleCard',
  'insurance',
] as const;

/**
 * Everything wrong with a table's rule set (empty when it is valid): the one place the valid values of every
 * setting are defined, for the engine, the service's configuration and the ledger's RoundOpened schema.
 */
export function validateBlackjackRules(rules: BlackjackRules): BlackjackRuleProblem[] {
  const problems: BlackjackRuleProblem[] = [];
  const add = (setting: keyof BlackjackRules, message: string) => problems.push({ setting, message });
  const decksOk = Number.isInteger(rules.decks) && rules.decks >= 1 && rules.decks <= 8;
  if (!decksOk) add('decks', `decks must be a whole number 1..8, got ${String(rules.decks)}`);
  if (decksOk) {
    const problem = cutCardProblem(rules.cutCard, rules.decks);
    if (problem) add('cutCard', problem);
  }
  const pays = rules.blackjackPays as { num: unknown; den: unknown } | undefined;
  if (typeof pays?.num !== 'bigint' || typeof pays.den !== 'bigint') {
    add('blackjackPays', 'blackjackPays must be a ratio of bigints, e.g. { num: 3n, den: 2n }');
  } else if (!knownPayout(rules.blackjackPays)) {
    add(
      'blackjackPays',
      `blackjackPays ${payoutName(rules.blackjackPays)} is not a known payout; ` +
        `use one of ${BLACKJACK_PAYOUT_NAMES.join(', ')}`,
    );
  }
  if (!DOUBLE_RULES.includes(rules.double)) {
    add('double', `double must be one of ${DOUBLE_RULES.join(', ')}, got ${String(rules.double)}`);
  }
  if (!PEEK_RULES.includes(rules.peek)) {
    add('peek', `peek must be one of ${PEEK_RULES.join(', ')}, got ${String(rules.peek)}`);
  }
  if (
    !Number.isInteger(rules.maxSplitHands) ||
    rules.maxSplitHands < 1 ||
    rules.maxSplitHands > MAX_SPLIT_HANDS
  ) {
    add(
      'maxSplitHands',
      `maxSplitHands must be 1..${MAX_SPLIT_HANDS} (1 = no split, 2 = split once), got ${String(rules.maxSplitHands)}`,
    );
  }
  for (const flag of FLAGS) {
    if (typeof rules[flag] !== 'boolean')
      add(flag, `${flag} must be true or false, got ${String(rules[flag])}`);
  }
  if (rules.dealerHoleCard === false && rules.peek !== 'none') {
    add('peek', `peek must be none without a hole card (dealerHoleCard false), got ${String(rules.peek)}`);
  }
  if (
    rules.variant !== undefined &&
    (typeof rules.variant !== 'string' || !VARIANT_NAME.test(rules.variant))
  ) {
    add(
      'variant',
      `variant must be a name of 1..48 letters, digits, spaces and . , : / + & ( ) ' -, got ${JSON.stringify(rules.variant)}`,
    );
  }
  return problems;
}

/** A variant's name as players see it: "H17 6:5", "Free Bet", "Resplit to 4". */
export const VARIANT_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,:/+&()'-]{0,47}$/u;

/**
 * Where a rule set departs from the operators' live-casino rules (seed 001 §3, docs/rules/blackjack.md#variants),
 * one entry per setting; empty for rules that follow them. The decks, the cut card, the double restrictions and
 * one card to split aces are choices those rules leave to the casino, not departures.
 */
export function seedDepartures(rules: BlackjackRules): BlackjackRuleProblem[] {
  const out: BlackjackRuleProblem[] = [];
  const add = (setting: keyof BlackjackRules, message: string) => out.push({ setting, message });
  if (rules.dealerHitsSoft17)
    add('dealerHitsSoft17', 'dealerHitsSoft17: the dealer hits soft 17 (the rules: stands on every 17)');
  if (knownPayout(rules.blackjackPays) !== '3:2') {
    add(
      'blackjackPays',
      `blackjackPays ${payoutName(rules.blackjackPays)}: below 3:2 (the rules: at least 3 to 2)`,
    );
  }
  if (rules.doubleAfterSplit) {
    add(
      'doubleAfterSplit',
      'doubleAfterSplit: a double after a split (the rules: after a split, stand or hit)',
    );
  }
  if (rules.maxSplitHands !== 2) {
    add(
      'maxSplitHands',
      rules.maxSplitHands < 2
        ? `maxSplitHands ${rules.maxSplitHands}: no split (the rules: a pair may be split, once)`
        : `maxSplitHands ${rules.maxSplitHands}: resplits (the rules: one split, aces included)`,
    );
  }
  if (rules.resplitAces)
    add('resplitAces', 'resplitAces: split aces split again (the rules: one split, aces included)');
  if (!rules.insurance)
    add('insurance', 'insurance false: no insurance (the rules: offered against an Ace, pays 2 to 1)');
  if (rules.peek !== 'ace') {
    add(
      'peek',
      `peek ${rules.peek}: the dealer checks for blackjack ${rules.peek === 'none' ? 'never' : 'with an Ace or a ten up'} ` +
        '(the rules: with an Ace up only)',
    );
  }
  if (!rules.dealerHoleCard)
    add(
      'dealerHoleCard',
      "dealerHoleCard false: no hole card (the rules: the dealer's second card dealt face down)",
    );
  return out;
}

/**
 * A live table's rules: valid for the engine (`validateBlackjackRules`), and either those of the operators' rules
 * or named as a variant. A departure without a variant name is refused, setting by setting; so is a variant name
 * on rules without a departure (the name would say the table differs when it does not). The service's
 * configuration and the ledger's RoundOpened schema check tables with it; simulations and the engine do not.
 */
export function validateTableRules(rules: BlackjackRules): BlackjackRuleProblem[] {
  const problems = validateBlackjackRules(rules);
  if (problems.length > 0) return problems;
  const departures = seedDepartures(rules);
  if (rules.variant === undefined) {
    return departures.map((d) => ({
      setting: d.setting,
      message: `${d.message}; a table that departs from the rules needs a variant name (variant)`,
    }));
  }
  if (departures.length === 0) {
    return [
      {
        setting: 'variant',
        message: `variant ${rules.variant}: these rules follow the operators' rules; leave variant out`,
      },
    ];
  }
  return [];
}

/** "4 decks", "1.5 decks", "1 deck". */
function decksText(cards: number): string {
  const decks = Math.round((cards / DECK_CARDS) * 100) / 100;
  return `${decks} deck${decks === 1 ? '' : 's'}`;
}

function cutCardProblem(cutCard: CutCardPlacement | undefined, decks: number): string | undefined {
  const { min, max } = cutCardBounds(decks);
  const depths =
    cutCard && 'fromBack' in cutCard
      ? [cutCard.fromBack]
      : cutCard && 'minFromBack' in cutCard
        ? [cutCard.minFromBack, cutCard.maxFromBack]
        : [];
  if (depths.length === 0) return 'cutCard must be { fromBack } or { minFromBack, maxFromBack }';
  const bad = depths.find((d) => !Number.isInteger(d) || d < min || d > max);
  if (bad !== undefined) {
    const got = Number.isInteger(bad) ? `${bad} cards (${decksText(bad)})` : String(bad);
    return (
      `cutCard must leave ${min}..${max} cards (${decksText(min)} to ${decksText(max)}) behind it with ` +
      `${decks} deck${decks === 1 ? '' : 's'} in the shoe — at least one deck from the back, ` +
      `not in the first half of the shoe — got ${got}`
    );
  }
  if (depths.length === 2 && depths[0] > depths[1]) {
    return `cutCard range is empty: ${depths[0]}..${depths[1]}`;
  }
  return undefined;
}

/** Throws BlackjackError('INVALID_RULES') listing every problem of validateBlackjackRules. */
export function assertRules(rules: BlackjackRules): void {
  const problems = validateBlackjackRules(rules);
  if (problems.length > 0) {
    throw new BlackjackError('INVALID_RULES', problems.map((p) => p.message).join('; '));
  }
}
