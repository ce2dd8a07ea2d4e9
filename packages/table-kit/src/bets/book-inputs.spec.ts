import { makeEvent } from '@casino/events';
import { Effects } from '../host/table-machine';
import { BetBook, bookCommand, emptyBook, liveBetsOf, placeBetCommand } from './bet-book';
import { isBookInput, stepBookInput } from './book-inputs';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const round = { tableId: 't1', roundId: 'r1', game: 'baccarat' as const };
const command = placeBetCommand(round, player, 500n, { game: 'baccarat', type: 'player' });
const table = (phase: string, book: BetBook = bookCommand(emptyBook('r1'), command)) => ({
  tableId: 't1',
  phase,
  round: { roundId: 'r1', book },
});

function rejected(code: 'ROUND_UNKNOWN' | 'INSUFFICIENT_FUNDS') {
  return makeEvent('BetRejected', {
    ...round,
    playerId: 'p1',
    operatorId: 'op',
    currency: 'EUR',
    commandId: command.id,
    stake: 500n,
    bet: { game: 'baccarat', type: 'player' },
    code,
    message: 'no',
  });
}

describe('stepBookInput', () => {
  it('relays a decision to its player and records it in the book', () => {
    const fx = new Effects<never>();
    const before = table('betting');
    expect(liveBetsOf(before.round.book, player)).toHaveLength(1);
    const decision = { kind: 'decision' as const, event: rejected('INSUFFICIENT_FUNDS') };
    const { state } = stepBookInput(before, decision, 'baccarat', fx);
    expect(liveBetsOf(state.round.book, player)).toEqual([]);
    expect(fx.list).toContainEqual(
      expect.objectContaining({ kind: 'send', player: 'op:p1', name: 'bet:rejected' }),
    );
  });

  it('retries a ROUND_UNKNOWN while betting is open, and not after', () => {
    const open = new Effects<never>();
    stepBookInput(table('betting'), { kind: 'decision', event: rejected('ROUND_UNKNOWN') }, 'baccarat', open);
    expect(open.list.filter((e) => e.kind === 'publish')).toHaveLength(1);
    const closed = new Effects<never>();
    stepBookInput(
      table('dealing'),
      { kind: 'decision', event: rejected('ROUND_UNKNOWN') },
      'baccarat',
      closed,
    );
    expect(closed.list.filter((e) => e.kind === 'publish')).toHaveLength(0);
  });

  it('refuses a cancel once betting has closed, and leaves final bets and settlements to the game', () => {
    const fx = new Effects<never>();
    const cancel = { kind: 'cancelBet' as const, player, which: { ref: command.id } };
    expect(stepBookInput(table('dealing'), cancel, 'baccarat', fx).reply).toMatchObject({
      code: 'BETTING_CLOSED',
    });
    const before = table('result');
    const finalBets = makeEvent('BetsFinalized', {
      ...round,
      currency: 'EUR',
      part: { index: 0, count: 1 },
      bets: [],
      betCount: 0,
      totalStaked: 0n,
    });
    expect(stepBookInput(before, { kind: 'finalBets', event: finalBets }, 'baccarat', fx).state).toBe(before);
    expect(fx.list).toEqual([]);
  });
});

describe('isBookInput', () => {
  it("tells the ledger inputs and cancelBet from a game's own inputs", () => {
    const kinds = [
      'decision',
      'cancelBet',
      'cancelDecision',
      'finalBets',
      'settled',
      'placeBet',
      'timer',
      'dealer',
    ];
    expect(kinds.filter((kind) => isBookInput({ kind }))).toEqual([
      'decision',
      'cancelBet',
      'cancelDecision',
      'finalBets',
      'settled',
    ]);
  });
});
