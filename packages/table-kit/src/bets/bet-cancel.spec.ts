import { makeEvent } from '@casino/events';
import { Effects } from '../host/table-machine';
import { applyDecision, bookCommand, emptyBook, liveBetsOf, placeBetCommand } from './bet-book';
import { requestCancel } from './bet-cancel';
import { relayCancelDecision, sendCancel } from './decision-effects';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const round = { tableId: 't1', roundId: 'r1', game: 'baccarat' as const };
const ids = { ...round, playerId: 'p1', operatorId: 'op', currency: 'EUR' };

describe('cancelling a booked bet', () => {
  const command = placeBetCommand(round, player, 500n, { game: 'baccarat', type: 'player' });
  const pending = bookCommand(emptyBook('r1'), command);
  const accepted = applyDecision(
    pending,
    makeEvent('BetAccepted', {
      ...ids,
      commandId: command.id,
      betId: 'b1',
      stake: 500n,
      bet: command.bet,
      balance: 0n,
    }),
    true,
  );
  if (accepted.kind !== 'decided') throw new Error('setup');

  it('names the ledger bet id once known, else the PlaceBet command in flight', () => {
    const byRef = requestCancel(accepted.book, round, player, { ref: command.id });
    expect(byRef.ok && byRef.command.target).toEqual({ betId: 'b1' });
    const byBetId = requestCancel(accepted.book, round, player, { betId: 'b1' });
    expect(byBetId.ok && byBetId.command).toMatchObject({ playerId: 'p1', currency: 'EUR', roundId: 'r1' });
    const early = requestCancel(pending, round, player, { ref: command.id });
    expect(early.ok && early.command.target).toEqual({ betCommandId: command.id });
  });

  it('refuses a stranger, an unknown ref, a second request and a blackjack mid-round stake', () => {
    const other = { ...player, playerId: 'p2' };
    expect(requestCancel(accepted.book, round, other, { ref: command.id })).toMatchObject({
      code: 'BET_NOT_FOUND',
    });
    expect(requestCancel(accepted.book, round, player, { ref: 'nope' })).toMatchObject({
      code: 'BET_NOT_FOUND',
    });
    const first = requestCancel(accepted.book, round, player, { ref: command.id });
    if (!first.ok) throw new Error('setup');
    expect(requestCancel(first.book, round, player, { ref: command.id })).toMatchObject({
      code: 'CANCEL_PENDING',
    });
    const bjRound = { ...round, game: 'blackjack' as const };
    const dbl = placeBetCommand(bjRound, player, 100n, {
      game: 'blackjack',
      seat: 1,
      kind: 'double',
      hand: 0,
    });
    expect(requestCancel(bookCommand(emptyBook('r1'), dbl), bjRound, player, { ref: dbl.id })).toMatchObject({
      code: 'NOT_CANCELLABLE',
    });
  });

  it('publishes the command, then relays the refund or the refusal to the player', () => {
    const fx = new Effects<never>();
    const sent = sendCancel(accepted.book, round, player, { ref: command.id }, fx);
    expect(sent.reply).toMatchObject({ ok: true, ref: command.id, status: 'cancelling' });
    const cancelId = sent.book.bets[0].cancelCommandId!;
    const refused = relayCancelDecision(
      sent.book,
      makeEvent('BetCancelRejected', {
        ...ids,
        commandId: cancelId,
        target: { betId: 'b1' },
        code: 'LATE_CANCEL',
        message: 'closed',
      }),
    );
    expect(refused.book.bets[0]).toMatchObject({ status: 'accepted', cancelCommandId: undefined });
    const done = relayCancelDecision(
      sent.book,
      makeEvent('BetCancelled', {
        ...ids,
        commandId: cancelId,
        betId: 'b1',
        betCommandId: command.id,
        stake: 500n,
        bet: command.bet,
        balance: 500n,
      }),
    );
    expect(done.book.bets[0].status).toBe('cancelled');
    expect(liveBetsOf(done.book, player)).toEqual([]);
    expect(requestCancel(done.book, round, player, { ref: command.id })).toMatchObject({
      code: 'ALREADY_CANCELLED',
    });
  });

  it('does not retry a ROUND_UNKNOWN rejection of a bet being withdrawn', () => {
    const first = requestCancel(pending, round, player, { ref: command.id });
    if (!first.ok) throw new Error('setup');
    const rejected = makeEvent('BetRejected', {
      ...ids,
      commandId: command.id,
      stake: 500n,
      bet: command.bet,
      code: 'ROUND_UNKNOWN',
      message: 'not yet',
    });
    expect(applyDecision(pending, rejected, true).kind).toBe('retry');
    expect(applyDecision(first.book, rejected, true)).toMatchObject({
      kind: 'decided',
      bet: { status: 'rejected' },
    });
  });
});
