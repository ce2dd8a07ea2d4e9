import { BlackjackSimulationResult } from '../sim/rtp';
import { ReferenceEdge } from './reference';
import { RtpArgs } from './rtp-args';

export interface RtpComparison extends ReferenceEdge {
  difference: number;
  withinCi95: boolean;
}

/** The simulation against its reference figure: exact where docs/rules/blackjack.md has one, else the estimate. */
export function compareWithReference(
  result: BlackjackSimulationResult,
  reference: ReferenceEdge | null,
): RtpComparison | null {
  return (
    reference && {
      ...reference,
      difference: result.houseEdge - reference.expected,
      withinCi95: Math.abs(result.houseEdge - reference.expected) <= result.ci95,
    }
  );
}

function percent(fraction: number, digits = 3): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

function cutCardText(args: RtpArgs): string {
  const cut = args.rules.cutCard;
  return 'fromBack' in cut
    ? `${cut.fromBack} cards (${(cut.fromBack / 52).toFixed(1)} decks)`
    : `${cut.minFromBack}..${cut.maxFromBack} cards`;
}

/** The `--json` output: one object; `doubleAfterSplit` (also in `rules`) says whether the run had DAS. */
export function rtpJson(
  args: RtpArgs,
  seed: string,
  result: BlackjackSimulationResult,
  comparison: RtpComparison | null,
): Record<string, unknown> {
  const { rules } = args;
  return {
    game: 'blackjack',
    doubleAfterSplit: rules.doubleAfterSplit,
    rules: { ...rules, blackjackPays: `${rules.blackjackPays.num}:${rules.blackjackPays.den}` },
    seats: args.seats,
    seed,
    hands: result.totals.initialHands,
    rounds: result.totals.initialHands / args.seats,
    shoes: result.shoes,
    houseEdge: result.houseEdge,
    rtp: 1 - result.houseEdge,
    ci95: result.ci95,
    stdDev: result.stdDev,
    frequencies: result.frequencies,
    reference: comparison,
    seconds: result.seconds,
    handsPerSec: Math.round(result.handsPerSec),
  };
}

/** The text output, one line per fact; the first names the rules, DAS or no DAS included. */
export function rtpText(
  args: RtpArgs,
  seed: string,
  result: BlackjackSimulationResult,
  comparison: RtpComparison | null,
): string[] {
  const { rules } = args;
  const f = result.frequencies;
  const lines = [
    `Blackjack, basic strategy, ${rules.decks} decks, ${rules.dealerHitsSoft17 ? 'H17' : 'S17'}, ` +
      `${rules.blackjackPays.num}:${rules.blackjackPays.den}, ` +
      `${rules.doubleAfterSplit ? 'DAS (double after split)' : 'no DAS (no double after split)'}, ` +
      `double ${rules.double}, peek ${rules.peek}${rules.dealerHoleCard ? '' : ' (no hole card)'}, ` +
      `max ${rules.maxSplitHands} hands by splitting, cut card ${cutCardText(args)} from the back`,
    `hands ${result.totals.initialHands.toLocaleString('en-US')} in ${result.shoes} shoes, seed ${seed}`,
    `house edge ${percent(result.houseEdge)} ± ${percent(result.ci95)} (95%), rtp ${percent(1 - result.houseEdge)}`,
    `per initial hand: blackjack ${percent(f.blackjack, 2)}, double ${percent(f.double, 2)}, split ${percent(f.split, 2)}`,
    `per final hand: win ${percent(f.win, 2)}, push ${percent(f.push, 2)}, lose ${percent(f.lose, 2)}, ` +
      `bust ${percent(f.bust, 2)}`,
    `dealer: blackjack ${percent(f.dealerBlackjack, 2)}, bust ${percent(f.dealerBust, 2)}`,
  ];
  if (comparison) {
    lines.push(
      `reference ${percent(comparison.houseEdge)} ${comparison.exact ? 'exact' : 'estimated'}; ` +
        `expected with basic strategy and cut card ` +
        `${percent(comparison.expected)}: ${comparison.withinCi95 ? 'within' : 'OUTSIDE'} the 95% interval`,
    );
  }
  lines.push(`${Math.round(result.handsPerSec).toLocaleString('en-US')} hands/s`);
  return lines;
}
