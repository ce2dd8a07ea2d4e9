import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  { id: 'bac-c', variant: 'commission', timers: { bettingMs: 3000, cardMs: 20, resultMs: 300 } },
];

describe('cancelling a baccarat bet (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { cleo: 100_000n } })));
  afterAll(() => live?.close());

  it('places, cancels (balance restored), bets the other side, and settles without the cancelled bet', async () => {
    const cleo = await live.client('cleo');
    await cleo.request('join', { tableId: 'bac-c' });
    const opened = await cleo.waitFor('round:opened', (p) => p.noBet === false, 10_000, Date.now());
    const roundId = opened.roundId as string;

    const banker = await cleo.request('placeBet', {
      tableId: 'bac-c',
      roundId,
      type: 'banker',
      stake: '1000',
    });
    const accepted = await cleo.waitFor('bet:accepted', (p) => p.ref === banker.ref);
    expect(await live.ledger.balance('cleo')).toBe(99_000n);

    expect(await cleo.request('cancelBet', { tableId: 'bac-c', ref: 'nope' })).toMatchObject({
      ok: false,
      code: 'BET_NOT_FOUND',
    });
    expect(await cleo.request('cancelBet', { tableId: 'bac-c', ref: banker.ref, betId: 'x' })).toMatchObject({
      ok: false,
      code: 'INVALID_MESSAGE',
    });
    const ack = await cleo.request('cancelBet', { tableId: 'bac-c', roundId, betId: accepted.betId });
    expect(ack).toMatchObject({ ok: true, ref: banker.ref, roundId, status: 'cancelling' });
    const cancelled = await cleo.waitFor('bet:cancelled', (p) => p.ref === banker.ref);
    expect(cancelled).toMatchObject({
      betId: accepted.betId,
      stake: '1000',
      balance: '100000',
      status: 'cancelled',
    });
    expect(await live.ledger.balance('cleo')).toBe(100_000n);
    expect(await cleo.request('cancelBet', { tableId: 'bac-c', ref: banker.ref })).toMatchObject({
      ok: false,
      code: 'ALREADY_CANCELLED',
    });

    // Banker is withdrawn, so Player is no longer an opposing bet.
    const player = await cleo.request('placeBet', {
      tableId: 'bac-c',
      roundId,
      type: 'player',
      stake: '500',
    });
    await cleo.waitFor('bet:accepted', (p) => p.ref === player.ref);
    // Placed and withdrawn at once: the cancel names the command while the ledger has not decided yet.
    const tie = await cleo.request('placeBet', { tableId: 'bac-c', roundId, type: 'tie', stake: '200' });
    expect(await cleo.request('cancelBet', { tableId: 'bac-c', ref: tie.ref })).toMatchObject({ ok: true });
    await cleo.waitFor('bet:cancelled', (p) => p.ref === tie.ref);

    await cleo.waitFor('round:closed', (p) => p.roundId === roundId);
    expect(await cleo.request('cancelBet', { tableId: 'bac-c', ref: player.ref })).toMatchObject({
      ok: false,
      code: 'BETTING_CLOSED',
    });

    const result = await cleo.waitFor('round:result', (p) => p.roundId === roundId);
    const outcome = outcomeFromCards(parseCards(result.cards as string[]));
    const settled = await cleo.waitFor('round:settled', (p) => p.roundId === roundId);
    const returned = settleBet('player', 500n, outcome, 'commission').returned;
    expect(settled).toMatchObject({ totalStaked: '500', totalReturned: returned.toString() });
    expect((settled.bets as { stake: string }[]).map((b) => b.stake)).toEqual(['500']);
    expect(await live.ledger.balance('cleo')).toBe(100_000n - 500n + returned);
  });
});
