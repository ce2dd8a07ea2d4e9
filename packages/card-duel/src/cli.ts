import { cryptoRandom, seededRandom } from '@casino/cards';
import { Ratio } from '@casino/game-kit';
import { parseArgs } from 'node:util';
import { DUEL_OUTCOMES, exactDuelReturns, ratioToNumber, reduced } from './exact';
import { DuelGameRules } from './pay-table';
import { simulateDuel } from './sim';

// The command lines behind `npm run rtp -- <game>` and `npm run sim -- <game>` for every two-card game.

function args(argv: readonly string[], usage: string, extra: string[]) {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        json: { type: 'boolean' },
        help: { type: 'boolean' },
        ...Object.fromEntries(extra.map((name) => [name, { type: 'string' as const }])),
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    return fail(usage, (error as Error).message);
  }
}

function fail(usage: string, message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

const percent = (x: number, digits = 4) => `${(x * 100).toFixed(digits)}%`;
const text = (r: Ratio) => (r.den === 1n ? `${r.num}` : `${r.num}/${r.den}`);
const houseEdge = (r: Ratio) => reduced(r.den - r.num, r.den);

/** The outcome names of a game for people: its sides, tie, suited tie. */
function outcomeLabels(rules: DuelGameRules): Record<(typeof DUEL_OUTCOMES)[number], string> {
  return { first: rules.sides[0], second: rules.sides[1], tie: 'Tie (not suited)', suitedTie: 'Suited tie' };
}

/** `rtp [--json]`: the exact return of every bet by enumeration of the shoe's two-card draws. */
export function runDuelRtp(rules: DuelGameRules, argv: readonly string[]): void {
  const values = args(argv, `usage: npm run rtp -- ${rules.id} [--json]`, []);
  const report = exactDuelReturns(rules);
  if (values.json) {
    const out = {
      game: rules.id,
      decks: rules.decks,
      ace: rules.ace,
      probabilities: Object.fromEntries(
        DUEL_OUTCOMES.map((o) => [
          o,
          { p: ratioToNumber(report.probabilities[o]), exact: text(report.probabilities[o]) },
        ]),
      ),
      bets: Object.fromEntries(
        rules.betKeys.map((key) => {
          const bet = report.bets[key];
          return [
            key,
            {
              pays: `${rules.payTable[key].pays}:1`,
              rtp: ratioToNumber(bet.rtp),
              houseEdge: ratioToNumber(houseEdge(bet.rtp)),
              rtpExact: text(bet.rtp),
              houseEdgeExact: text(houseEdge(bet.rtp)),
              variance: ratioToNumber(bet.variance),
            },
          ];
        }),
      ),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const labels = outcomeLabels(rules);
  const lines = [
    `${rules.title} exact return — ${rules.decks} decks, ace ${rules.ace}, every ordered two-card draw`,
    `Outcomes: ${DUEL_OUTCOMES.map((o) => `${labels[o]} ${percent(ratioToNumber(report.probabilities[o]))}`).join('  ')}`,
    '',
    `${'bet'.padEnd(12)}${'pays'.padEnd(7)}${'RTP'.padStart(10)}${'house edge'.padStart(13)}  exact`,
    ...rules.betKeys.map((key) => {
      const rtp = report.bets[key].rtp;
      return (
        `${key.padEnd(12)}${`${rules.payTable[key].pays}:1`.padEnd(7)}${percent(ratioToNumber(rtp)).padStart(10)}` +
        `${percent(ratioToNumber(houseEdge(rtp))).padStart(13)}  ${text(rtp)}`
      );
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `sim [--rounds N] [--seed S] [--json]`: rounds dealt through real shoes. The cards come from node:crypto's
 * CSPRNG, the live tables' source; `--seed` deals a repeatable run from the seeded generator instead.
 */
export function runDuelSim(rules: DuelGameRules, argv: readonly string[]): void {
  const usage = `usage: npm run sim -- ${rules.id} [--rounds N] [--seed S] [--json]`;
  const values = args(argv, usage, ['rounds', 'seed']);
  const rounds = Number(values.rounds ?? 1_000_000);
  if (!Number.isSafeInteger(rounds) || rounds < 2) fail(usage, '--rounds must be an integer >= 2');
  const seed = values.seed as string | undefined;
  const started = process.hrtime.bigint();
  const report = simulateDuel(
    rules,
    rounds,
    seed === undefined ? cryptoRandom() : seededRandom(seed),
    seed === undefined ? 'crypto' : `seed ${seed}`,
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const labels = outcomeLabels(rules);
  const f = report.frequencies;
  const lines = [
    `${rules.title} simulation — ${rounds} rounds, ${rules.decks} decks, ${report.shoes} shoes, ` +
      `${report.source}, ${seconds.toFixed(2)} s`,
    `Outcomes: ${DUEL_OUTCOMES.map((o) => `${labels[o]} ${percent(f[o])}`).join('  ')}`,
    '',
    `${'bet'.padEnd(12)}${'measured'.padStart(11)}${'95% CI'.padStart(24)}${'exact'.padStart(11)}  in CI`,
    ...rules.betKeys.map((key) => {
      const bet = report.bets[key];
      const ci = `${percent(bet.ciLow, 3)} – ${percent(bet.ciHigh, 3)}`;
      return (
        `${key.padEnd(12)}${percent(bet.measured, 3).padStart(11)}${ci.padStart(24)}` +
        `${percent(bet.exact, 3).padStart(11)}  ${bet.exactWithinCi ? 'yes' : 'NO'}`
      );
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
