/* Exact return to player of every roulette bet: `node dist/cli/rtp.js [--json]`. */
import { toNumber, toText } from '../rational';
import { computeRouletteRtp, type RtpFigure } from '../rtp';

function asJson(figure: RtpFigure) {
  return {
    rtp: toNumber(figure.rtp),
    houseEdge: toNumber(figure.houseEdge),
    rtpExact: toText(figure.rtp),
    houseEdgeExact: toText(figure.houseEdge),
    betsEnumerated: figure.betsEnumerated,
    allBetsEqual: figure.allBetsEqual,
  };
}

function mapValues<K extends string>(record: Record<K, RtpFigure>) {
  return Object.fromEntries(Object.entries<RtpFigure>(record).map(([k, f]) => [k, asJson(f)]));
}

function table(title: string, record: Record<string, RtpFigure>): string {
  const lines = [
    title,
    `${'bet'.padEnd(16)}${'rtp'.padEnd(12)}${'exact'.padEnd(10)}${'house edge'.padEnd(14)}bets`,
  ];
  for (const [name, f] of Object.entries(record)) {
    lines.push(
      name.padEnd(16) +
        `${(toNumber(f.rtp) * 100).toFixed(4)}%`.padEnd(12) +
        toText(f.rtp).padEnd(10) +
        `${(toNumber(f.houseEdge) * 100).toFixed(4)}%`.padEnd(14) +
        `${f.betsEnumerated}${f.allBetsEqual ? '' : ' (unequal!)'}`,
    );
  }
  return lines.join('\n');
}

function main(argv: readonly string[]): void {
  const report = computeRouletteRtp();
  if (argv.includes('--json')) {
    const out = { game: 'roulette', bets: mapValues(report.bets), announced: mapValues(report.announced) };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  process.stdout.write(
    `Roulette (European, single zero): exact rtp by enumerating all 37 pockets for every valid bet\n\n` +
      `${table('Basic bets', report.bets)}\n\n${table('Announced bets (unit chips)', report.announced)}\n`,
  );
}

main(process.argv.slice(2));
