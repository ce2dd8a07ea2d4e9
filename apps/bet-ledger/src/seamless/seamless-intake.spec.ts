import { makeEvent } from '@casino/events';
import { Statement } from '../database/write.batch';
import { TransactionContext } from '../transaction/transaction-context';
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

/** A context whose database knows `seamless` as the only seamless operator, collecting the queued writes. */
function fakeContext(seamless: string[]) {
  const statements: Statement[] = [];
  const afterCommit: (() => void)[] = [];
  const ctx = {
    sql: { rows: async () => seamless.map((operator_id) => ({ operator_id })) },
    writes: { add: (s: Statement | undefined) => s && statements.push(s) },
    afterCommit,
  } as unknown as TransactionContext;
  return { ctx, statements, afterCommit };
}

describe('the bet batch hands seamless operators’ bets to the seamless worker', () => {
  beforeEach(() => seamlessOperators.invalidate());

  it('records their PlaceBets (not their cancels, not other operators’ bets) and wakes the worker after commit', async () => {
    const { ctx, statements, afterCommit } = fakeContext(['op-seam']);
    const seam = bet('op-seam', 'p1');
    const transfer = bet('op-transfer', 'p1');
    const cancel = makeEvent('CancelBet', {
      ...round,
      operatorId: 'op-seam',
      playerId: 'p1',
      target: { betCommandId: seam.id },
    });
    expect(await divertSeamlessBets(ctx, [seam, transfer, cancel])).toEqual([transfer, cancel]);
    expect(statements).toHaveLength(1);
    expect(statements[0].text).toContain('INSERT INTO ledger_seamless_bets');
    expect(statements[0].params[0]).toEqual([seam.id]);
    expect(statements[0].params[8]).toEqual([debitTxOf(seam.id)]);
    // What was recorded decodes to the command as received.
    expect(storedCommand(JSON.parse((statements[0].params[7] as string[])[0]))).toEqual(seam);
    const woken: string[] = [];
    const off = onSeamlessWork((op) => woken.push(op));
    afterCommit.forEach((hook) => hook());
    off();
    expect(woken).toEqual(['op-seam']);
  });

  it('leaves a batch without seamless operators as it is, writing nothing', async () => {
    const { ctx, statements } = fakeContext([]);
    const cmds = [bet('op-a', 'p1'), bet('op-b', 'p2')];
    expect(await divertSeamlessBets(ctx, cmds)).toEqual(cmds);
    expect(statements).toHaveLength(0);
  });
});
