import { makeEvent } from '@casino/events';
import { applyDecision, bookCommand, emptyBook, liveBetsOf, placeBetCommand } from './bet-book';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const round = { tableId: 't1', roundId: 'r1', game: 'baccarat' as const };

function decision(
  commandId: string,
  accepted: boolean,
  code: 'ROUND_UNKNOWN' | 'INSUFFICIENT_FUNDS' = 'INSUFFICIENT_FUNDS',
) {
  const base = {
    ...round,
    playerId: 'p1',
    operatorId: 'op',
    currency: 'EUR',
    commandId,
    stake: 500n,
    bet: { game: 'baccarat' as const, type: 'player' as const },
  };
  return accepted
    ? makeEvent('BetAccepted', { ...base, betId: 'b1', balance: 100n })
    : makeEvent('BetRejected', { ...base, code, message: 'no' });
}

describe('bet book', () => {
  const command = placeBetCommand(round, player, 500n, { game: 'baccarat', type: 'player' });
  const book = bookCommand(emptyBook('r1'), command);

  it('records the decision of a pending command', () => {
    const accepted = applyDecision(book, decision(command.id, true), true);
    expect(accepted).toMatchObject({
      kind: 'decided',
      bet: { status: 'accepted', betId: 'b1', ref: command.id },
    });
    const rejected = applyDecision(book, decision(command.id, false), true);
    expect(rejected).toMatchObject({
      kind: 'decided',
      bet: { status: 'rejected', code: 'INSUFFICIENT_FUNDS' },
    });
    if (rejected.kind === 'decided') expect(liveBetsOf(rejected.book, player)).toEqual([]);
  });

  it('retries ROUND_UNKNOWN once with a fresh command id, keeping the ref', () => {
    const first = applyDecision(book, decision(command.id, false, 'ROUND_UNKNOWN'), true);
    expect(first.kind).toBe('retry');
    if (first.kind !== 'retry') return;
    expect(first.command.id).not.toBe(command.id);
    const second = applyDecision(first.book, decision(first.command.id, false, 'ROUND_UNKNOWN'), true);
    expect(second).toMatchObject({
      kind: 'decided',
      bet: { ref: command.id, status: 'rejected', code: 'ROUND_UNKNOWN' },
    });
  });

  it('ignores decisions it does not know (other round, duplicates)', () => {
    expect(applyDecision(book, decision('other', true), true).kind).toBe('unknown');
    const once = applyDecision(book, decision(command.id, true), true);
    if (once.kind !== 'decided') throw new Error('expected a decision');
    expect(applyDecision(once.book, decision(command.id, true), true).kind).toBe('unknown');
  });

  it('finds the bet a decision names among many, in books derived apart and in one read back from a snapshot', () => {
    const commands = Array.from({ length: 50 }, () =>
      placeBetCommand(round, player, 500n, { game: 'baccarat', type: 'player' }),
    );
    const many = commands.reduce((b, c) => bookCommand(b, c), emptyBook('r1'));
    // Two books derived from the same one (a branch dropped): each finds its own bets only.
    const left = bookCommand(many, placeBetCommand(round, player, 1n, { game: 'baccarat', type: 'tie' }));
    const right = bookCommand(many, placeBetCommand(round, player, 2n, { game: 'baccarat', type: 'tie' }));
    expect(applyDecision(right, decision(left.bets[50].commandId, true), false)).toEqual({ kind: 'unknown' });
    expect(applyDecision(left, decision(left.bets[50].commandId, true), false)).toMatchObject({
      kind: 'decided',
      bet: { stake: 1n },
    });
    const decided = applyDecision(many, decision(commands[37].id, true), false);
    expect(decided).toMatchObject({ kind: 'decided', bet: { ref: commands[37].id, status: 'accepted' } });
    // Decided once: a repeat finds no pending bet.
    if (decided.kind !== 'decided') throw new Error('not decided');
    expect(applyDecision(decided.book, decision(commands[37].id, true), false)).toEqual({ kind: 'unknown' });
    const restored = { roundId: 'r1', bets: many.bets.map((b) => ({ ...b })) };
    expect(applyDecision(restored, decision(commands[12].id, false), false)).toMatchObject({
      kind: 'decided',
      bet: { ref: commands[12].id, status: 'rejected' },
    });
  });
});
