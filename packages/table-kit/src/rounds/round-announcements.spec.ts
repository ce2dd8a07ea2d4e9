import { Effects } from '../host/table-machine';
import { announceBettingClosed, publishVoid } from './round-announcements';

const round = { tableId: 't1', roundId: 'r1', game: 'roulette' as const };

describe('round announcements', () => {
  it('closes betting at the ledger, then tells the table', () => {
    const fx = new Effects<never>();
    announceBettingClosed(round, fx);
    expect(fx.list).toEqual([
      { kind: 'publish', event: expect.objectContaining({ type: 'BettingClosed', ...round }) },
      { kind: 'broadcast', name: 'round:closed', payload: { tableId: 't1', roundId: 'r1' } },
    ]);
  });

  it('publishes the void for the ledger to refund, then shows it; the event is returned to keep', () => {
    const fx = new Effects<never>();
    const event = publishVoid(round, 'malfunction', 'wheel jammed', fx);
    expect(event).toMatchObject({
      type: 'RoundVoided',
      ...round,
      reason: 'malfunction',
      message: 'wheel jammed',
    });
    expect(fx.list).toEqual([
      { kind: 'publish', event },
      {
        kind: 'broadcast',
        name: 'round:voided',
        payload: { tableId: 't1', roundId: 'r1', reason: 'malfunction', message: 'wheel jammed' },
      },
    ]);
  });
});
