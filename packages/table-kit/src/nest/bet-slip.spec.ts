import { z } from 'zod';
import { TableSaveUnavailable } from '../host/table-host';
import { parseMessage, slipMessageSchema } from '../wire/message-schemas';
import { rejection } from '../wire/rejection-codes';
import { dispatchSlipToTable, slipAnswer, slipInputs } from './bet-slip';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 0 } as never;
const betSchema = z
  .object({ tableId: z.string(), roundId: z.string().optional(), type: z.string(), stake: z.string() })
  .strict();

describe('the bet slip at the gateway', () => {
  const slip = (bets: object[], extra: object = {}) =>
    parseMessage(slipMessageSchema, { tableId: 't1', roundId: 'r1', bets, ...extra });

  it('parses each bet with the game’s schema (the slip’s table and round added), refusing only the bad ones', () => {
    const parsed = slip([
      { clientId: 'a', type: 'player', stake: '100' },
      { clientId: 'b', type: 'banker', stake: 100, extra: true },
      { clientId: 'c', type: 'tie', stake: '5' },
    ]);
    if (!parsed.ok) throw new Error(parsed.message);
    const { inputs, refused } = slipInputs(parsed.value, betSchema, player, (m) => ({ ...m }));
    expect(inputs).toEqual([
      { clientId: 'a', input: { tableId: 't1', roundId: 'r1', type: 'player', stake: '100' } },
      { clientId: 'c', input: { tableId: 't1', roundId: 'r1', type: 'tie', stake: '5' } },
    ]);
    expect(refused.get('b')).toMatchObject({ ok: false, code: 'INVALID_MESSAGE' });
    // One result per bet in the slip's order; a `ref` answer is given as `refs`.
    const answer = slipAnswer(
      parsed.value,
      refused,
      new Map<string, object>([
        ['a', { ok: true, ref: 'cmd-a', roundId: 'r1', status: 'pending' }],
        ['c', rejection('BELOW_TABLE_MIN', 'too small')],
      ]),
    );
    expect(answer.results).toEqual([
      { clientId: 'a', ok: true, ref: 'cmd-a', refs: ['cmd-a'], roundId: 'r1', status: 'pending' },
      expect.objectContaining({ clientId: 'b', ok: false, code: 'INVALID_MESSAGE' }),
      expect.objectContaining({ clientId: 'c', ok: false, code: 'BELOW_TABLE_MIN' }),
    ]);
  });

  it('refuses an empty slip, one over MAX_SLIP_ITEMS, repeated client ids and unknown fields', () => {
    expect(slip([])).toMatchObject({ ok: false, code: 'INVALID_MESSAGE' });
    const many = Array.from({ length: 101 }, (_, i) => ({ clientId: `c${i}` }));
    expect(slip(many)).toMatchObject({ ok: false, code: 'INVALID_MESSAGE' });
    expect(slip([{ clientId: 'a' }, { clientId: 'a' }])).toMatchObject({ ok: false });
    expect(slip([{ clientId: 'a' }], { player: 'someone-else' })).toMatchObject({ ok: false });
    expect(slip([{ clientId: 'a' }], { intent: 'triple' })).toMatchObject({ ok: false });
  });

  it('hands the inputs to the host together; refuses the whole slip for an unknown or paused table', async () => {
    const taken: unknown[][] = [];
    const host = {
      dispatch: () => Promise.resolve(null),
      dispatchSlip: (inputs: readonly unknown[]) => {
        taken.push([...inputs]);
        return Promise.resolve(inputs.map(() => ({ ok: true })));
      },
    };
    expect(await dispatchSlipToTable(host, 't1', [1, 2])).toEqual([{ ok: true }, { ok: true }]);
    expect(taken).toEqual([[1, 2]]);
    expect(await dispatchSlipToTable(undefined, 't1', [1])).toMatchObject({ code: 'TABLE_UNKNOWN' });
    const paused = { ...host, availability: { status: 'paused' as const, pausedFor: ['kafka' as const] } };
    expect(await dispatchSlipToTable(paused, 't1', [1])).toMatchObject({ code: 'TABLE_PAUSED' });
    const unsaved = {
      dispatch: () => Promise.resolve(null),
      dispatchSlip: () => Promise.reject(new TableSaveUnavailable('t1')),
    };
    expect(await dispatchSlipToTable(unsaved, 't1', [1])).toMatchObject({ code: 'TABLE_PAUSED' });
  });
});
