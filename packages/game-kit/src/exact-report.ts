import { MeasuredReturn } from './measure';
import { ratio, ratioAdd, ratioEquals, ratioSub, ratioText, ratioToNumber } from './ratio';
import { Ratio } from './settlement';

// The printed forms of `npm run rtp` and `npm run sim` for the engines whose exact returns are ratios.

/** A bet kind's exact return as a ratio, from an enumeration. */
export interface ExactFigure {
  rtp: Ratio;
  houseEdge: Ratio;
  variance: Ratio;
  betsEnumerated: number;
  allBetsEqual: boolean;
}

/** `--json`: numbers beside the exact fractions. */
export function exactFiguresJson(figures: ReadonlyMap<string, ExactFigure>): Record<string, unknown> {
  return Object.fromEntries(
    [...figures].map(([key, f]) => [
      key,
      {
        rtp: ratioToNumber(f.rtp),
        houseEdge: ratioToNumber(f.houseEdge),
        variance: ratioToNumber(f.variance),
        rtpExact: ratioText(f.rtp),
        houseEdgeExact: ratioText(f.houseEdge),
        betsEnumerated: f.betsEnumerated,
        allBetsEqual: f.allBetsEqual,
      },
    ]),
  );
}

export const percentText = (fraction: number, digits = 4): string => `${(fraction * 100).toFixed(digits)}%`;

/** The text table: bet, return, exact fraction, house edge, bets enumerated. */
export function exactFiguresTable(figures: ReadonlyMap<string, ExactFigure>): string {
  const lines = [`${'bet'.padEnd(14)}${'rtp'.padEnd(11)}${'exact'.padEnd(10)}${'house edge'.padEnd(12)}bets`];
  for (const [key, f] of figures) {
    lines.push(
      key.padEnd(14) +
        percentText(ratioToNumber(f.rtp)).padEnd(11) +
        ratioText(f.rtp).padEnd(10) +
        percentText(ratioToNumber(f.houseEdge)).padEnd(12) +
        `${f.betsEnumerated}${f.allBetsEqual ? '' : ' (unequal!)'}`,
    );
  }
  return lines.join('\n');
}

/** The text table of a simulation: measured return, its 95% interval, the exact one. */
export function measuredReturnsTable(measured: Readonly<Record<string, MeasuredReturn>>): string {
  const lines = [
    `${'bet'.padEnd(14)}${'measured'.padStart(10)}${'95% CI'.padStart(24)}${'exact'.padStart(10)}  in CI`,
  ];
  for (const [key, m] of Object.entries(measured)) {
    const ci = `${percentText(m.ciLow, 3)} – ${percentText(m.ciHigh, 3)}`;
    lines.push(
      `${key.padEnd(14)}${percentText(m.measured, 3).padStart(10)}${ci.padStart(24)}` +
        `${percentText(m.exact, 3).padStart(10)}  ${m.exactWithinCi ? 'yes' : 'NO'}`,
    );
  }
  return lines.join('\n');
}

/** One bet's exact E[return] and E[return²] per unit staked. */
export interface RatioMoments {
  m1: Ratio;
  m2: Ratio;
}

/** A bet kind's figure from each of its bets' moments, every bet a unit stake (the kind's return is their mean). */
export function exactFigure(each: readonly RatioMoments[]): ExactFigure {
  if (each.length === 0) throw new RangeError('a bet kind needs at least one bet');
  const n = BigInt(each.length);
  const mean = (part: keyof RatioMoments) => {
    const sum = each.reduce((acc, m) => ratioAdd(acc, m[part]), ratio(0n));
    return ratio(sum.num, sum.den * n);
  };
  const m1 = mean('m1');
  return {
    rtp: m1,
    houseEdge: ratioSub(ratio(1n), m1),
    variance: ratioSub(mean('m2'), ratio(m1.num * m1.num, m1.den * m1.den)),
    betsEnumerated: each.length,
    allBetsEqual: each.every((m) => ratioEquals(m.m1, each[0].m1)),
  };
}

/** Where a command writes (process.stdout / process.stderr, or a test's buffers). */
export interface CommandOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A game's `npm run rtp` command: its pay tables and the exact figures of each. */
export interface RtpCommand {
  game: string;
  /** The folder name the command is run by (`npm run rtp -- <command>`). */
  command: string;
  /** The heading above the table (the pay table's name follows). */
  title: string;
  payTables: readonly string[];
  figures(payTable: string): ReadonlyMap<string, ExactFigure>;
}

/** `npm run rtp -- <game> [--pay-table NAME] [--json]`: the exit code (0, or 2 on bad arguments). */
export function runRtpCommand(spec: RtpCommand, argv: readonly string[], io: CommandOutput): number {
  const usage = `usage: rtp ${spec.command} [--pay-table ${spec.payTables.join('|')}] [--json]`;
  let json = false;
  let payTable = spec.payTables[0];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') json = true;
    else if (argv[i] === '--pay-table' && i + 1 < argv.length) payTable = argv[++i];
    else {
      io.err(`unknown argument ${argv[i]}\n${usage}\n`);
      return 2;
    }
  }
  if (!spec.payTables.includes(payTable)) {
    io.err(`unknown pay table ${payTable}\n${usage}\n`);
    return 2;
  }
  const figures = spec.figures(payTable);
  io.out(
    json
      ? `${JSON.stringify({ game: spec.game, payTable, bets: exactFiguresJson(figures) })}\n`
      : `${spec.title} (${payTable} pay table)\n\n${exactFiguresTable(figures)}\n`,
  );
  return 0;
}
