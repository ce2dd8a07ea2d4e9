import { buildEvent, decodeEvent, encodeEvent, makeEvent } from './codec';
import { MAX_SLIP_BETS } from './bet-slip-events';
import { foldBetDecisions, foldPlaceBets, slipBetDecisions, slipPlaceBets } from './bet-slip';
import { BetDecision, PlaceBetEvent } from './registry';

const player = { playerId: 'p-1', operatorId: 'op-1', currency: 'EUR' };

function chip(n: number, over: Partial<PlaceBetEvent> = {}): PlaceBetEvent {
  return makeEvent('PlaceBet', {
    tableId: 'rou-1',
    roundId: 'r-1',
    game: 'roulette',
    ...player,
    stake: BigInt(100 + n),
    bet: { game: 'roulette', spec: { type: 'straight', numbers: [n % 37] } },
    playerToken: 'token-1',
    ...over,
  });
}

describe('bet slip events', () => {
  it('folds one player’s PlaceBet commands into one PlaceBets that decodes and unfolds to the same commands', () => {
    const chips = Array.from({ length: 40 }, (_, i) => chip(i));
    const [slip, ...rest] = foldPlaceBets(chips);
    expect(rest).toEqual([]);
    expect(slip.bets.map((b) => b.commandId)).toEqual(chips.map((c) => c.id));
    const decoded = decodeEvent('casino.bet-commands.roulette', encodeEvent(slip));
    expect(decoded.ok).toBe(true);
    const back = slipPlaceBets(slip);
    expect(back.map((c) => [c.id, c.stake, c.bet, c.playerToken, c.causationId])).toEqual(
      chips.map((c) => [c.id, c.stake, c.bet, 'token-1', slip.id]),
    );
    // Each unfolded command is a valid PlaceBet.
    for (const c of back) expect(decodeEvent('casino.bet-commands.roulette', encodeEvent(c)).ok).toBe(true);
  });

  it('keeps players, rounds and tokens apart, and splits a slip above MAX_SLIP_BETS', () => {
    const many = Array.from({ length: MAX_SLIP_BETS + 5 }, (_, i) => chip(i));
    const other = chip(1, { playerId: 'p-2' });
    const otherRound = chip(2, { roundId: 'r-2' });
    const slips = foldPlaceBets([...many, other, otherRound]);
    expect(slips.map((s) => s.bets.length)).toEqual([MAX_SLIP_BETS, 5, 1, 1]);
    expect(slips[2].playerId).toBe('p-2');
    expect(slips[3].roundId).toBe('r-2');
  });

  it('refuses at the edge a slip that is empty, too large, repeats a bet id, or names a bet of another shape', () => {
    const [slip] = foldPlaceBets([chip(1), chip(2)]);
    const topic = 'casino.bet-commands.roulette';
    const encode = (over: object) => JSON.stringify({ ...JSON.parse(encodeEvent(slip)), ...over });
    expect(decodeEvent(topic, encode({ bets: [] })).ok).toBe(false);
    const bet = JSON.parse(encodeEvent(slip)).bets[0];
    const tooMany = Array.from({ length: MAX_SLIP_BETS + 1 }, (_, i) => ({ ...bet, commandId: `c-${i}` }));
    expect(decodeEvent(topic, encode({ bets: tooMany })).ok).toBe(false);
    expect(decodeEvent(topic, encode({ bets: [bet, bet] })).ok).toBe(false);
    expect(decodeEvent(topic, encode({ bets: [{ ...bet, stake: '-5' }] })).ok).toBe(false);
    expect(decodeEvent(topic, encode({ bets: [{ ...bet, playerId: 'p-9' }] })).ok).toBe(false);
    // A slip on the decisions topic is refused.
    expect(decodeEvent('casino.bet-decisions', encodeEvent(slip))).toMatchObject({ code: 'WRONG_TOPIC' });
  });

  it('folds a slip’s decisions into one BetsDecided and unfolds them to the same BetAccepted / BetRejected', () => {
    const [a, b] = [chip(1), chip(2)];
    const [slip] = foldPlaceBets([a, b]);
    const ids = { tableId: 'rou-1', roundId: 'r-1', game: 'roulette' as const, ...player };
    const decisions: BetDecision[] = [
      buildEvent('BetAccepted', {
        ...ids,
        commandId: a.id,
        causationId: a.id,
        betId: 'bet-1',
        stake: a.stake,
        bet: a.bet,
        balance: 900n,
      }),
      buildEvent('BetRejected', {
        ...ids,
        commandId: b.id,
        causationId: b.id,
        stake: b.stake,
        bet: b.bet,
        code: 'COVERAGE_EXCEEDED',
        message: 'your bets would cover too many numbers',
      }),
    ];
    const decided = foldBetDecisions(slip, decisions);
    expect(decided.commandId).toBe(slip.id);
    const decoded = decodeEvent('casino.bet-decisions', encodeEvent(decided));
    expect(decoded.ok).toBe(true);
    const unfolded = slipBetDecisions(decided);
    expect(unfolded.map((d) => ({ ...d, occurredAt: '', producedAt: '' }))).toEqual(
      decisions.map((d) => ({ ...d, occurredAt: '', producedAt: '' })),
    );
  });
});
