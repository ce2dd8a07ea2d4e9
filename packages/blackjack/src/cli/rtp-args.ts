import {
  BLACKJACK_PAYOUTS,
  BlackjackPayout,
  BlackjackRules,
  DOUBLE_RULES,
  DoubleRule,
  PeekRule,
  resolveRules,
} from '../core/rules';

export interface RtpArgs {
  rules: BlackjackRules;
  hands: number;
  seed: string | null;
  seats: number;
  json: boolean;
}

export const RTP_USAGE = `usage: rtp [--decks N] [--peek ace|ace-and-ten|none] [--das|--no-das] [--h17|--s17]
           [--no-hole-card] [--max-split-hands N] [--resplit-aces] [--split-aces-hit] [--pays 3:2|6:5|1:1]
           [--double any-two|9-11|10-11|none] [--hands N] [--seats N] [--seed S] [--json]
defaults: 8 decks, cut card half the shoe from the back, S17, 3:2, peek ace, no double after split (--das allows it)`;

/** Parses the rtp command line; throws Error with a readable message on anything it does not know. */
export function parseRtpArgs(argv: readonly string[]): RtpArgs {
  const overrides: Partial<BlackjackRules> = {};
  let hands = 2_000_000;
  let seats = 1;
  let seed: string | null = null;
  let json = false;
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  const integer = (text: string, flag: string, min: number): number => {
    const n = Number(text.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < min)
      throw new Error(`${flag} must be an integer ≥ ${min}, got ${text}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case '--decks':
        overrides.decks = integer(value(i++, flag), flag, 1);
        break;
      case '--peek': {
        const peek = value(i++, flag);
        if (peek !== 'ace' && peek !== 'ace-and-ten' && peek !== 'none')
          throw new Error(`unknown --peek ${peek}`);
        overrides.peek = peek as PeekRule;
        break;
      }
      case '--das':
        overrides.doubleAfterSplit = true;
        break;
      case '--no-das':
        overrides.doubleAfterSplit = false;
        break;
      case '--h17':
        overrides.dealerHitsSoft17 = true;
        break;
      case '--s17':
        overrides.dealerHitsSoft17 = false;
        break;
      case '--no-hole-card':
        overrides.dealerHoleCard = false;
        overrides.peek = 'none';
        break;
      case '--max-split-hands':
        overrides.maxSplitHands = integer(value(i++, flag), flag, 1);
        break;
      case '--resplit-aces':
        overrides.resplitAces = true;
        break;
      case '--split-aces-hit':
        overrides.splitAcesOneCard = false;
        break;
      case '--pays': {
        const pays = value(i++, flag);
        if (!(pays in BLACKJACK_PAYOUTS)) throw new Error(`unknown --pays ${pays}`);
        overrides.blackjackPays = BLACKJACK_PAYOUTS[pays as BlackjackPayout];
        break;
      }
      case '--double': {
        const double = value(i++, flag);
        if (!(DOUBLE_RULES as readonly string[]).includes(double))
          throw new Error(`unknown --double ${double}`);
        overrides.double = double as DoubleRule;
        break;
      }
      case '--hands':
        hands = integer(value(i++, flag), flag, 1);
        break;
      case '--seats':
        seats = integer(value(i++, flag), flag, 1);
        break;
      case '--seed':
        seed = value(i++, flag);
        break;
      case '--json':
        json = true;
        break;
      default:
        throw new Error(`unknown argument ${flag}`);
    }
  }
  // Without --decks: 8 decks, cut card 4 decks from the back; with it, resolveRules puts the cut card at half the shoe.
  if (seats > 7) throw new Error('--seats must be 1..7');
  return { rules: resolveRules(overrides), hands, seed, seats, json };
}
