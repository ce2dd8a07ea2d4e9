import { RandomSource, createShoe } from '@casino/cards';
import { BlackjackRules } from '../core/rules';
import { FastBlackjackSimulator, FastSimTotals } from './fast-sim';

export interface BlackjackSimulationOptions {
  rules: BlackjackRules;
  /** Initial hands to play (rounds × seats). */
  hands: number;
  /** Shuffles every shoe; use seededRandom(seed) for a reproducible run. */
  random: RandomSource;
  seats?: number;
}

export interface BlackjackSimulationResult {
  totals: FastSimTotals;
  shoes: number;
  /** −mean net per initial hand, as a fraction of the original stake. */
  houseEdge: number;
  /** Half-width of the 95% confidence interval of houseEdge (normal approximation, 1.96 σ/√n). */
  ci95: number;
  /** Standard deviation of the net result per initial hand. */
  stdDev: number;
  frequencies: {
    /** Per initial hand: player blackjacks, doubles, splits. */
    blackjack: number;
    double: number;
    split: number;
    /** Per final hand (after splits): bust, push, win, lose. */
    bust: number;
    push: number;
    win: number;
    lose: number;
    /** Per round: dealer blackjack, dealer bust. */
    dealerBlackjack: number;
    dealerBust: number;
  };
  seconds: number;
  handsPerSec: number;
}

/**
 * Plays basic strategy through real shoes: shuffled with `random`, dealt to the cut card, the round in which it
 * comes out is finished, then a new shoe. Seats in a round share the dealer, so with several seats the hands
 * are not independent and ci95 is approximate.
 */
export function simulateBlackjack(options: BlackjackSimulationOptions): BlackjackSimulationResult {
  const { rules, random } = options;
  const sim = new FastBlackjackSimulator(rules, options.seats ?? 1);
  const started = process.hrtime.bigint();
  let shoes = 0;
  while (sim.totals.initialHands < options.hands) {
    const shoe = createShoe({ decks: rules.decks, cutCard: rules.cutCard }, random);
    shoes++;
    while (!shoe.cutCardReached && sim.totals.initialHands < options.hands) sim.playRound(shoe);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return summarise(sim.totals, shoes, seconds, sim.seats);
}

function summarise(
  t: FastSimTotals,
  shoes: number,
  seconds: number,
  seats: number,
): BlackjackSimulationResult {
  const n = t.initialHands;
  const mean = t.net / n;
  const variance = n > 1 ? (t.netSquared - n * mean * mean) / (n - 1) : 0;
  const stdDev = Math.sqrt(Math.max(0, variance));
  const rounds = n / seats;
  return {
    totals: t,
    shoes,
    houseEdge: -mean,
    ci95: (1.96 * stdDev) / Math.sqrt(n),
    stdDev,
    frequencies: {
      blackjack: t.blackjacks / n,
      double: t.doubles / n,
      split: t.splits / n,
      bust: t.busts / t.hands,
      push: t.pushes / t.hands,
      win: t.wins / t.hands,
      lose: t.losses / t.hands,
      dealerBlackjack: t.dealerBlackjacks / rounds,
      dealerBust: t.dealerBusts / rounds,
    },
    seconds,
    handsPerSec: seconds > 0 ? n / seconds : 0,
  };
}
