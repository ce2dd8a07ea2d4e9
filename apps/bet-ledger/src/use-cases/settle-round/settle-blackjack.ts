import {
  BlackjackError,
  BlackjackInput as EngineInput,
  RoundState,
  SeatNumber,
  settleRound,
  startRound,
  step,
} from '@casino/blackjack';
import { CardError, parseCard } from '@casino/cards';
import { BlackjackInput, BlackjackResult, BlackjackTableConfig, blackjackTableRules } from '@casino/events';
import { SettledItem } from '../../rounds/round-book';
import { BetToSettle, outcomeOf, RoundSettlement } from './settlement.types';

/** Stake id as @casino/blackjack names it: main, split:<hand>, double:<hand>, insurance. */
function stakeId(bet: BetToSettle): string {
  if (bet.spec.game !== 'blackjack') throw new Error(`bet ${bet.betId} is not a blackjack bet`);
  const { kind, hand, seat } = bet.spec;
  const id = kind === 'main' || kind === 'insurance' ? kind : `${kind}:${hand}`;
  return `${seat}/${id}`;
}

class Mismatch extends Error {}

/**
 * Replays the round's input log through @casino/blackjack, with the seats and stakes the ledger accepted (a
 * double's stake is the accepted one, never the message's), and maps every engine stake to one ledger bet.
 * Accepted additional stakes the round never used are refunded.
 */
export function settleBlackjackRound(
  config: BlackjackTableConfig,
  result: BlackjackResult,
  bets: readonly BetToSettle[],
): RoundSettlement {
  const byStake = new Map(bets.map((b) => [stakeId(b), b] as const));
  const mains = bets.filter((b) => b.spec.game === 'blackjack' && b.spec.kind === 'main');
  try {
    if (mains.length === 0) {
      return { ok: true, items: bets.map((b) => ({ betId: b.betId, returned: b.stake, outcome: 'refund' })) };
    }
    const expected = mains.map((b) => `${seatOf(b)}:${b.playerId}`).sort();
    const told = result.seats.map((s) => `${s.seat}:${s.playerId}`).sort();
    if (expected.join() !== told.join()) {
      throw new Mismatch(`result seats [${told}] differ from the accepted bets [${expected}]`);
    }
    let state: RoundState = startRound(
      blackjackTableRules(config),
      mains.map((b) => ({ seat: seatOf(b) as SeatNumber, playerId: b.playerId, stake: b.stake })),
    );
    for (const input of result.inputs) state = step(state, toEngineInput(input, byStake)).state;
    if (state.phase !== 'settled')
      throw new BlackjackError('ROUND_NOT_SETTLED', `input log ends in ${state.phase}`);

    const items: SettledItem[] = [];
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

function seatOf(bet: BetToSettle): number {
  return bet.spec.game === 'blackjack' ? bet.spec.seat : 0;
}

function toEngineInput(input: BlackjackInput, byStake: ReadonlyMap<string, BetToSettle>): EngineInput {
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
