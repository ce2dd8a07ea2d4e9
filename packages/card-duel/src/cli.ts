import { cryptoRandom, seededRandom } from '@casino/cards';
import {
  exactFiguresJson,
  exactFiguresTable,
  measuredReturnsTable,
  percentText,
  ratioText,
  ratioToNumber,
} from '@casino/game-kit';
import { parseArgs } from 'node:util';
import { DUEL_OUTCOMES, exactDuelReturns } from './exact';
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

/** The outcomes for people: the sides, then a tie of different suits and one of the same suit. */
function outcomeLabels(rules: DuelGameRules): Record<(typeof DUEL_OUTCOMES)[number], string> {
  return {
    first: rules.sides[0],
    second: rules.sides[1],
    tie: 'Tie (suits differ)',
    suitedTie: 'Tie (same suit)',
  };
}

/** `rtp [--json]`: the exact return of every bet by enumeration of the shoe's two-card draws. */
export function runDuelRtp(rules: DuelGameRules, argv: readonly string[]): void {
  const values = args(argv, `usage: npm run rtp -- ${rules.id} [--json]`, []);
  const report = exactDuelReturns(rules);
  if (values.json) {
    const probabilities = Object.fromEntries(
      DUEL_OUTCOMES.map((o) => [
        o,
        { p: ratioToNumber(report.probabilities[o]), exact: ratioText(report.probabilities[o]) },
      ]),
    );
    const out = {
      game: rules.id,
      decks: rules.decks,
      ace: rules.ace,
      probabilities,
      bets: exactFiguresJson(report.bets),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const labels = outcomeLabels(rules);
  process.stdout.write(
    `${rules.title}: exact return by enumerating every ordered two-card draw of ${rules.decks} decks ` +
      `(ace ${rules.ace})\n` +
      `Outcomes: ${DUEL_OUTCOMES.map((o) => `${labels[o]} ${percentText(ratioToNumber(report.probabilities[o]))}`).join('  ')}\n\n` +
      `${exactFiguresTable(report.bets)}\n`,
  );
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
  process.stdout.write(
    `${rules.title} simulation: ${rounds} rounds through ${report.shoes} shoes of ${rules.decks} decks, ` +
      `${report.source}, ${seconds.toFixed(2)} s\n` +
      `Outcomes: ${DUEL_OUTCOMES.map((o) => `${labels[o]} ${percentText(f[o])}`).join('  ')}\n\n` +
      `${measuredReturnsTable(report.bets)}\n`,
  );
}
