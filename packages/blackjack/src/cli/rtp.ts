/* Blackjack house edge by simulation: `node dist/cli/rtp.js [--peek ace-and-ten] [--das|--no-das] [--hands N] [--json]`. */
import { cryptoRandom, seededRandom } from '@casino/cards';
import { simulateBlackjack } from '../sim/rtp';
import { RTP_USAGE, RtpArgs, parseRtpArgs } from './rtp-args';
import { referenceEdge } from './reference';
import { compareWithReference, rtpJson, rtpText } from './rtp-report';

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
  const comparison = compareWithReference(result, referenceEdge(args.rules));
  if (args.json) {
    process.stdout.write(`${JSON.stringify(rtpJson(args, seed, result, comparison))}\n`);
    return;
  }
  process.stdout.write(`${rtpText(args, seed, result, comparison).join('\n')}\n`);
}

main(process.argv.slice(2));
