import { commitmentText, parseFairArgs } from '@casino/cards';
import { CommandOutput } from '@casino/game-kit';
import { FairRoundReport, verifyFairRound } from '../fair-round';
import { defaultTableRules } from '../table-rules';

const USAGE =
  'usage: verify rng-round --server-seed <64 hex> --client-seed <seed> --nonce <n> ' +
  '[--commitment <sha256 hex>] [--decks 1..8] [--json]\n' +
  '  recomputes an RNG baccarat round from its revealed seeds; exit 1 if --commitment does not match the ' +
  'server seed, 2 on bad input';

/** Where the command writes (process.stdout / process.stderr, or a test's buffers). */
export type VerifyOutput = CommandOutput;

/** `npm run verify -- rng-round …`: returns the exit code (0 fine, 1 commitment mismatch, 2 bad input). */
export function runVerify(argv: string[], io: VerifyOutput): number {
  const usage = (code: number): number => {
    (code === 0 ? io.out : io.err)(`${USAGE}\n`);
    return code;
  };
  const fail = (message: string): number => {
    io.err(`${message}\n`);
    return usage(2);
  };
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h') return usage(0);
  if (command !== 'rng-round') return fail(command ? `unknown check ${command}` : 'name a check: rng-round');
  // The seeds, the commitment and --json are every provably fair check's (@casino/cards parseFairArgs).
  const args = parseFairArgs(rest, ['decks']);
  if (!args.ok) return fail(args.message);
  if (args.help) return usage(0);
  const rules = defaultTableRules('rng');
  const decksText = args.extra.decks;
  const decks = decksText === undefined ? rules.decks : Number(decksText);
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) return fail('--decks must be an integer 1..8');
  const report = verifyFairRound(args.claim, { ...rules, decks });
  if (args.json) {
    const { shoe, ...rest } = report;
    io.out(`${JSON.stringify({ ...rest, shoeCommitment: shoe.commitment.hash })}\n`);
  } else {
    io.out(`${describeFairRound(report)}\n`);
  }
  return report.commitmentMatches === false ? 1 : 0;
}

/** The text report of a round. */
export function describeFairRound(r: FairRoundReport): string {
  const sides = (name: string, cards: string[], total: number, natural: boolean, pair: boolean) =>
    `${name.padEnd(18)}${cards.join(' ').padEnd(10)} = ${total}${natural ? '  natural' : ''}${pair ? '  pair' : ''}`;
  const winner =
    r.winner === 'tie'
      ? `Tie, ${r.playerTotal} to ${r.bankerTotal}`
      : r.winner === 'player'
        ? `Player wins ${r.playerTotal} to ${r.bankerTotal}`
        : `Banker wins ${r.bankerTotal} to ${r.playerTotal}`;
  return [
    `RNG baccarat round — ${r.scheme}, ${r.decks} decks, deal order ${r.dealOrder}`,
    `${'server seed'.padEnd(18)}${r.serverSeed}`,
    `${'server seed hash'.padEnd(18)}${r.serverSeedHash}`,
    `${'commitment'.padEnd(18)}${commitmentText(r)}`,
    `${'client seed'.padEnd(18)}${r.clientSeed}`,
    `${'nonce'.padEnd(18)}${r.nonce}`,
    `${'cards drawn'.padEnd(18)}${r.drawn.join(' ')}`,
    sides('Player', r.playerCards, r.playerTotal, r.playerNatural, r.playerPair),
    sides('Banker', r.bankerCards, r.bankerTotal, r.bankerNatural, r.bankerPair),
    `${'outcome'.padEnd(18)}${winner}`,
    `${'record order'.padEnd(18)}${r.cards.join(' ')}  (RoundResult.cards)`,
    `${'shoe commitment'.padEnd(18)}${r.shoe.commitment.hash}  (casino-shoe/v1 of the derived shoe)`,
  ].join('\n');
}
