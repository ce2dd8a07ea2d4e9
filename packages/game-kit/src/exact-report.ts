import { MeasuredReturn } from './measure';
import { ratioText, ratioToNumber } from './ratio';
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
