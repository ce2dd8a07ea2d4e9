import { CasinoEvent, makeEvent } from '@casino/events';
import { Statement } from '../database/write.batch';
import { TransactionContext } from '../transaction/transaction-context';
import { DecideBetCommands } from './seamless-check';
import { debitTxOf, divertSeamlessBets, storedCommand } from './seamless-intake';
import { seamlessOperators } from './seamless-operators';
import { onSeamlessWork } from './seamless-signal';

const round = { tableId: 'bac-1', roundId: 'r-1', game: 'baccarat' as const, currency: 'EUR' };
const bet = (operatorId: string, playerId: string) =>
  makeEvent('PlaceBet', {
    ...round,
    operatorId,
    playerId,
    stake: 1_000n,
    bet: { game: 'baccarat', type: 'player' },
  });

/**
 * A context whose database knows `seamless` as the only seamless operator and has recorded every seamless bet
 * before (a redelivery), collecting the statements sent.
 */
function fakeContext(seamless: string[], recordedNow: string[] = []) {
  const sent: { text: string; params: unknown[] }[] = [];
  const writes: Statement[] = [];
  const events: CasinoEvent[] = [];
  const afterCommit: (() => void)[] = [];
  const ctx = {
    sql: {
      rows: async (text: string, params: unknown[] = []) => {
        sent.push({ text, params });
        if (text.includes('ledger_operators')) return seamless.map((operator_id) => ({ operator_id }));
        if (text.includes('INSERT INTO ledger_seamless_bets'))
          return recordedNow.map((command_id) => ({ command_id }));
        return [];
      },
    },
    writes: { add: (s: Statement | undefined) => s && writes.push(s) },
    outbox: { add: (e: CasinoEvent) => events.push(e) },
    afterCommit,
  } as unknown as TransactionContext;
  return { ctx, sent, writes, events, afterCommit };
}

const decide: DecideBetCommands = () => Promise.reject(new Error('a redelivery is never decided again'));

describe('the bet batch sets seamless operators’ bets aside', () => {
  beforeEach(() => seamlessOperators.invalidate());

  it('records their PlaceBets (not their cancels, not other operators’ bets); a redelivery goes no further', async () => {
    const { ctx, sent, afterCommit } = fakeContext(['op-seam']);
    const seam = bet('op-seam', 'p1');
    const transfer = bet('op-transfer', 'p1');
    const cancel = makeEvent('CancelBet', {
      ...round,
      operatorId: 'op-seam',
      playerId: 'p1',
      target: { betCommandId: seam.id },
    });
    expect(await divertSeamlessBets(ctx, [seam, transfer, cancel], decide)).toEqual([transfer, cancel]);
    const [, insert, ...rest] = sent;
    expect(insert.text).toContain('INSERT INTO ledger_seamless_bets');
    expect(insert.params[0]).toEqual([seam.id]);
    expect(insert.params[8]).toEqual([debitTxOf(seam.id)]);
    // What was recorded decodes to the command as received.
    expect(storedCommand(JSON.parse((insert.params[7] as string[])[0]))).toEqual(seam);
    // Recorded before: no check, no decision, no wake-up.
    expect(rest).toEqual([]);
    expect(afterCommit).toEqual([]);
  });

  it('takes a command sent twice in one batch once: on an unknown round, one rejection and no worker', async () => {
    const seam = bet('op-seam', 'p1');
    const { ctx, writes, events, afterCommit } = fakeContext(['op-seam'], [seam.id]);
    expect(await divertSeamlessBets(ctx, [seam, seam], decide)).toEqual([]);
    expect(events).toMatchObject([{ type: 'BetRejected', commandId: seam.id, code: 'ROUND_UNKNOWN' }]);
    expect(writes.map((w) => w.params[0])).toEqual([[seam.id], [seam.id]]);
    expect(afterCommit).toEqual([]);
  });

  it('records the bets this process’s worker has room for already claimed by it, the others due at once', async () => {
    const first = bet('op-seam', 'p1');
    const second = bet('op-seam', 'p2');
    const { ctx, sent } = fakeContext(['op-seam'], [first.id, second.id]);
    const receiver = { wake: jest.fn(), take: jest.fn(), leaseMs: 11_000, room: jest.fn(() => 1) };
    const unsubscribe = onSeamlessWork(receiver);
    try {
      await divertSeamlessBets(ctx, [first, second], decide);
    } finally {
      unsubscribe();
    }
    expect(receiver.room).toHaveBeenCalledWith('op-seam', 2);
    const insert = sent.find((s) => s.text.includes('INSERT INTO ledger_seamless_bets'));
    expect(insert?.params[9]).toEqual([11_000, 0]);
  });

  it('leaves a batch without seamless operators as it is, writing nothing', async () => {
    const { ctx, sent } = fakeContext([]);
    const cmds = [bet('op-a', 'p1'), bet('op-b', 'p2')];
    expect(await divertSeamlessBets(ctx, cmds, decide)).toEqual(cmds);
    expect(sent.filter((s) => !s.text.includes('ledger_operators'))).toEqual([]);
  });
});
