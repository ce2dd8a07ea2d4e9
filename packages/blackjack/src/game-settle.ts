import { CardError, parseCard } from '@casino/cards';
import { BetToSettle, outcomeOf, RoundSettlement, SettledBet } from '@casino/game-kit';
import { BlackjackError } from './core/errors';
import { BlackjackInput, RoundState, SeatNumber } from './core/types';
import { settleRound } from './round/settlement';
import { startRound } from './round/start';
import { step } from './round/step';
import {
  blackjackTableRules,
  BlackjackWireBet,
  BlackjackWireInput,
  BlackjackWireResult,
  BlackjackWireTable,
} from './game-wire';

type Bet = BetToSettle<BlackjackWireBet>;

/** Stake id as the engine names it: main, split:<hand>, double:<hand>, insurance. */
function stakeId(bet: Bet): string {
  if (bet.spec.game !== 'blackjack') throw new Error(`bet ${bet.betId} is not a blackjack bet`);
  const { kind, hand, seat } = bet.spec;
  const id = kind === 'main' || kind === 'insurance' ? kind : `${kind}:${hand}`;
  return `${seat}/${id}`;
}

class Mismatch extends Error {}

/**
 * Replays the round's input log through the engine, with the seats and stakes the ledger accepted (a double's
 * stake is the accepted one, never the message's), and maps every engine stake to one ledger bet. Accepted
 * additional stakes the round never used are refunded.
 */
export function settleBlackjackWireRound(
  config: BlackjackWireTable,
  result: BlackjackWireResult,
  bets: readonly Bet[],
): RoundSettlement {
  const byStake = new Map(bets.map((b) => [stakeId(b), b] as const));
  const mains = bets.filter((b) => b.spec.game === 'blackjack' && b.spec.kind === 'main');
  try {
    if (mains.length === 0) {
      return { ok: true, items: bets.map((b) => ({ betId: b.betId, returned: b.stake, outcome: 'refund' })) };
    }
    const expected = mains.map((b) => `${b.spec.seat}:${b.playerId}`).sort();
    const told = result.seats.map((s) => `${s.seat}:${s.playerId}`).sort();
    if (expected.join() !== told.join()) {
      throw new Mismatch(`result seats [${told}] differ from the accepted bets [${expected}]`);
    }
    let state: RoundState = startRound(
      blackjackTableRules(config),
      mains.map((b) => ({ seat: b.spec.seat as SeatNumber, playerId: b.playerId, stake: b.stake })),
    );
    for (const input of result.inputs) state = step(state, toEngineInput(input, byStake)).state;
    if (state.phase !== 'settled')
      throw new BlackjackError('ROUND_NOT_SETTLED', `input log ends in ${state.phase}`);

    const items: SettledBet[] = [];
    const used = new Set<string>();
    for (const seat of settleRound(state)) {
      for (const s of seat.stakes) {
        const id = `${seat.seat}/${s.id}`;
        const bet = byStake.get(id);
        if (!bet) throw new Mismatch(`the round has stake ${id} the ledger never accepted`);
        if (bet.stake !== s.stake)
          throw new Mismatch(`stake ${id} is ${s.stake} in the round, ${bet.stake} accepted`);
        used.add(id);
        items.push({ betId: bet.betId, returned: s.returned, outcome: outcomeOf(s.stake, s.returned) });
      }
    }
    for (const [id, bet] of byStake) {
      if (!used.has(id)) items.push({ betId: bet.betId, returned: bet.stake, outcome: 'refund' });
    }
    return { ok: true, items };
  } catch (err) {
    if (err instanceof Mismatch) return { ok: false, code: 'RESULT_MISMATCH', message: err.message };
    if (err instanceof BlackjackError || err instanceof CardError) {
      return { ok: false, code: 'INVALID_RESULT', message: `${err.code}: ${err.message}` };
    }
    throw err;
  }
}

function toEngineInput(input: BlackjackWireInput, byStake: ReadonlyMap<string, Bet>): BlackjackInput {
  switch (input.kind) {
    case 'card':
      return { kind: 'card', card: parseCard(input.card) };
    case 'insurance':
      return { kind: 'insurance', seat: input.seat as SeatNumber, take: input.take };
    case 'timeout':
      return { kind: 'timeout' };
    case 'action': {
      const base = {
        kind: 'action' as const,
        seat: input.seat as SeatNumber,
        hand: input.hand,
        action: input.action,
      };
      if (input.action !== 'double') return base;
      const bet = byStake.get(`${input.seat}/double:${input.hand}`);
      if (!bet)
        throw new Mismatch(`seat ${input.seat} hand ${input.hand} doubled without an accepted double stake`);
      return { ...base, stake: bet.stake };
    }
  }
}
