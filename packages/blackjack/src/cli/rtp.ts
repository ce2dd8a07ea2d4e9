/* Blackjack house edge by simulation: `node dist/cli/rtp.js [--peek ace-and-ten] [--das] [--hands N] [--json]`. */
import { cryptoRandom, seededRandom } from '@casino/cards';
import { simulateBlackjack } from '../sim/rtp';
import { RTP_USAGE, RtpArgs, parseRtpArgs } from './rtp-args';
import { referenceEdge } from './reference';

function percent(fraction: number, digits = 3): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

function main(argv: readonly string[]): void {
  let args: RtpArgs;
  try {
    args = parseRtpArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${RTP_USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const seed = args.seed ?? cryptoRandom().nextUint32().toString(16);
  const result = simulateBlackjack({
    rules: args.rules,
    hands: args.hands,
    seats: args.seats,
    random: seededRandom(seed),
  });
  const reference = referenceEdge(args.rules);
  const comparison = reference && {
    ...reference,
    difference: result.houseEdge - reference.expected,
    withinCi95: Math.abs(result.houseEdge - reference.expected) <= result.ci95,
  };
  const { rules } = args;
  const rulesOut = {
    ...rules,
    blackjackPays: `${rules.blackjackPays.num}:${rules.blackjackPays.den}`,
  };
  if (args.json) {
    const out = {
      game: 'blackjack',
      rules: rulesOut,
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
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const f = result.frequencies;
  const lines = [
    `Blackjack, basic strategy, ${rules.decks} decks, ${rules.dealerHitsSoft17 ? 'H17' : 'S17'}, ` +
      `${rulesOut.blackjackPays}, ${rules.doubleAfterSplit ? 'DAS' : 'no DAS'}, peek ${rules.peek}` +
      `${rules.dealerHoleCard ? '' : ' (no hole card)'}, max ${rules.maxSplitHands} hands by splitting`,
    `hands ${result.totals.initialHands.toLocaleString('en-US')} in ${result.shoes} shoes, seed ${seed}`,
    `house edge ${percent(result.houseEdge)} ± ${percent(result.ci95)} (95%), rtp ${percent(1 - result.houseEdge)}`,
    `per initial hand: blackjack ${percent(f.blackjack, 2)}, double ${percent(f.double, 2)}, split ${percent(f.split, 2)}`,
    `per final hand: win ${percent(f.win, 2)}, push ${percent(f.push, 2)}, lose ${percent(f.lose, 2)}, ` +
      `bust ${percent(f.bust, 2)}`,
    `dealer: blackjack ${percent(f.dealerBlackjack, 2)}, bust ${percent(f.dealerBust, 2)}`,
  ];
  if (comparison) {
    lines.push(
      `reference ${percent(comparison.houseEdge)} exact; expected with basic strategy and cut card ` +
        `${percent(comparison.expected)}: ${comparison.withinCi95 ? 'within' : 'OUTSIDE'} the 95% interval`,
    );
  }
  lines.push(`${Math.round(result.handsPerSec).toLocaleString('en-US')} hands/s`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main(process.argv.slice(2));
