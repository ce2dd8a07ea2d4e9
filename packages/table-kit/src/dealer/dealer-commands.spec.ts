import { Effects } from '../host/table-machine';
import { newShoeCommand, reportCutCard, TableWithShoeFlags } from './shoe-commands';
import { readScannedCard } from './scanned-card';

const shoe = { shoeId: 's1', endRequested: false, lastRound: false };

describe('dealer commands shared by card tables', () => {
  it('reads a scanned card, or asks for a rescan when it is unreadable', () => {
    const fx = new Effects<never>();
    expect(readScannedCard('AS', { tableId: 't1', roundId: 'r1' }, fx)).toMatchObject({ ok: true });
    expect(fx.list).toEqual([]);
    expect(readScannedCard('ZZ', { tableId: 't1', roundId: 'r1' }, fx)).toEqual({
      ok: false,
      code: 'INVALID_MESSAGE',
      message: 'unreadable card "ZZ": rescan',
    });
    expect(fx.list).toEqual([
      { kind: 'broadcast', name: 'round:rescan', payload: { tableId: 't1', roundId: 'r1' } },
    ]);
  });

  it('loads a new shoe on a table waiting for one, else ends the shoe in play after the round', () => {
    const fx = new Effects<never>();
    const waiting: TableWithShoeFlags = { tableId: 't1', phase: 'waiting-shoe', shoe: null };
    const loaded = newShoeCommand(waiting, fx, (s) => ({ ...s, phase: 'betting', shoe }));
    expect(loaded).toEqual({
      state: { ...waiting, phase: 'betting', shoe },
      reply: { ok: true, done: 'newShoe' },
    });
    expect(fx.list).toEqual([]);

    const ended = newShoeCommand({ tableId: 't1', phase: 'betting', shoe }, fx, () => {
      throw new Error('not loaded');
    });
    expect(ended.state.shoe).toMatchObject({ endRequested: true });
    expect(fx.list).toEqual([
      { kind: 'broadcast', name: 'shoe:endRequested', payload: { tableId: 't1', shoeId: 's1' } },
    ]);
    expect(newShoeCommand({ ...waiting, phase: 'result' }, fx, (s) => s).reply).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
  });

  it('takes the cut card from a studio shoe only', () => {
    const table = { tableId: 't1', phase: 'dealing', shoe };
    expect(reportCutCard(table, new Effects<never>(), false).reply).toMatchObject({
      code: 'ACTION_NOT_ALLOWED',
    });
    expect(reportCutCard(table, new Effects<never>(), true)).toEqual({
      state: { ...table, shoe: { ...shoe, lastRound: true } },
      reply: { ok: true, done: 'cutCard' },
    });
  });
});
