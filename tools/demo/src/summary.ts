import { PayTableName } from '@casino/baccarat';
import { resolveRules, simulateBlackjack } from '@casino/blackjack';
import { seededRandom } from '@casino/cards';
import { exactBetMoments, gameDefinition } from '@casino/games';
import { GAMES, Game } from './model/game';
import { DemoStats, SettledRow } from './model/stats';

const money = (minor: bigint): string => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

/**
 * The exact return of each settled bet type, from its game's definition (NaN where the game has none): baccarat's
 * tables by their pay table, the other tables at their game's default pay table.
 */
function expectedReturn(row: SettledRow, payTables: Record<string, PayTableName>): number {
  const payTable = payTables[row.table];
  const moments = exactBetMoments(row.game, row.type, payTable ? { payTable } : null);
  return moments ? moments.rtp : NaN;
}

/** Whether a game's definition gives exact returns (else the summary quotes a simulation). */
const isExact = (game: Game): boolean => gameDefinition(game).exactReturn.kind === 'exact';

export interface GameFigures {
  rounds: number;
  turnover: bigint;
  returned: bigint;
  measuredRtp: number;
  expectedRtp: number;
}

export function gameFigures(
  stats: DemoStats,
  game: Game,
  payTables: Record<string, PayTableName>,
): GameFigures {
  const rows = [...stats.settled.values()].filter((r) => r.game === game);
  const turnover = rows.reduce((t, r) => t + r.stake, 0n);
  const returned = rows.reduce((t, r) => t + r.returned, 0n);
  let measuredRtp = turnover > 0n ? Number(returned) / Number(turnover) : NaN;
  let expectedRtp: number;
  if (game === 'blackjack') {
    // Blackjack's return is quoted per initial (main) stake; doubles and splits are part of that hand's result.
    const main = rows.filter((r) => r.type === 'main').reduce((t, r) => t + r.stake, 0n);
    measuredRtp = main > 0n ? 1 - Number(turnover - returned) / Number(main) : NaN;
    const sim = simulateBlackjack({
      rules: resolveRules(),
      hands: 2_000_000,
      random: seededRandom('demo-reference'),
    });
    expectedRtp = 1 - sim.houseEdge;
  } else {
    const weighted = rows.reduce((t, r) => t + Number(r.stake) * expectedReturn(r, payTables), 0);
    expectedRtp = turnover > 0n ? weighted / Number(turnover) : NaN;
  }
  return { rounds: stats.rounds[game].size, turnover, returned, measuredRtp, expectedRtp };
}

export function printSummary(
  stats: DemoStats,
  payTables: Record<string, PayTableName>,
  seconds: number,
): void {
  console.log(`\n==> summary (${seconds.toFixed(0)} s of play)`);
  console.log(
    'game            rounds  bets placed  accepted  rejected   turnover   house result   return  expected',
  );
  let houseTotal = 0n;
  for (const game of GAMES) {
    const f = gameFigures(stats, game, payTables);
    const house = f.turnover - f.returned;
    houseTotal += house;
    console.log(
      `${game.padEnd(15)} ${String(f.rounds).padStart(6)} ${String(stats.placed[game]).padStart(12)} ` +
        `${String(stats.accepted[game]).padStart(9)} ${String(stats.totalRejected(game)).padStart(9)} ` +
        `${money(f.turnover).padStart(10)} ${money(house).padStart(14)} ${pct(f.measuredRtp).padStart(8)} ` +
        `${pct(f.expectedRtp).padStart(9)}${isExact(game) ? ' (exact)' : ' (basic strategy, 2M-hand sim)'}`,
    );
  }
  console.log(`house result, all games: ${money(houseTotal)} EUR`);
  console.log('\nrejected bets by reason:');
  for (const game of GAMES) {
    const reasons = [...stats.rejected[game].entries()].sort((a, b) => b[1] - a[1]);
    const text = reasons.map(([code, n]) => `${code} ×${n}`).join(', ');
    console.log(`  ${game.padEnd(15)} ${text || 'none'}`);
  }
  const cancels = GAMES.filter((g) => stats.cancelled[g] > 0).map((g) => `${g} ${stats.cancelled[g]}`);
  if (cancels.length > 0)
    console.log(`bets withdrawn by players while betting was open: ${cancels.join(', ')}`);
  const refunds = GAMES.filter((g) => stats.refunded[g] > 0n).map((g) => `${g} ${money(stats.refunded[g])}`);
  if (refunds.length > 0) console.log(`refunded (void rounds): ${refunds.join(', ')}`);
  console.log(
    '\nReturn on a couple of minutes of play swings widely around the expected figure (a straight-up roulette bet\n' +
      'pays 35:1); `npm run sim` and `npm run rtp` show the long-run and exact figures.',
  );
}
