import { PlaceBetsAnswer } from '@casino/player-protocol';
import { eventually } from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(90_000);

// The bet slip at baccarat (docs/websocket-api.md#the-bet-slip-placebets): a live table sends the slip's bets to
// the ledger as one PlaceBets, decided in order with the table's restrictions; an RNG table adds them to its layout.
const TABLES = [
  {
    id: 'bac-slip',
    variant: 'commission',
    maxDifference: 1000,
    timers: { bettingMs: 8000, cardMs: 20, resultMs: 300 },
  },
  { id: 'rng-slip', variant: 'rng' },
];

describe('the bet slip at baccarat (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { kai: 100_000n, lea: 100_000n } })));
  afterAll(() => live?.close());

  it('decides a live slip bet by bet in order: the bet over the maximum difference refused, the others accepted', async () => {
    const kai = await live.client('kai');
    await kai.request('join', { tableId: 'bac-slip' });
    const opened = await kai.waitFor('round:opened', (p) => p.noBet === false, 15_000, Date.now());
    const answer = await kai.request<PlaceBetsAnswer>('placeBets', {
      tableId: 'bac-slip',
      roundId: opened.roundId,
      intent: 'chips',
      bets: [
        { clientId: 'p1', type: 'player', stake: '500' },
        { clientId: 'p2', type: 'player', stake: '400' },
        // Player 1,500 against Banker 0: above the table's maximum difference of 1,000.
        { clientId: 'p3', type: 'player', stake: '600' },
        { clientId: 't1', type: 'tie', stake: '100' },
        { clientId: 'x', type: 'nope', stake: '100' },
      ],
    });
    if (!answer.ok) throw new Error(answer.code);
    expect(answer.results.map((r) => [r.clientId, r.ok])).toEqual([
      ['p1', true],
      ['p2', true],
      ['p3', true],
      ['t1', true],
      ['x', false],
    ]);
    const refs = answer.results.map((r) => (r.ok ? r.refs[0] : ''));
    await eventually(() => kai.all('bet:accepted').length + kai.all('bet:rejected').length >= 4, 20_000);
    expect(kai.all('bet:rejected')).toEqual([
      expect.objectContaining({ ref: refs[2], code: 'MAX_DIFFERENCE_EXCEEDED' }),
    ]);
    expect(new Set(kai.all('bet:accepted').map((p) => p.ref))).toEqual(new Set([refs[0], refs[1], refs[3]]));
    expect(await live.ledger.balance('kai')).toBe(100_000n - 1_000n);
  });

  it('adds an RNG slip’s stakes to the layout in order', async () => {
    const lea = await live.client('lea');
    await lea.request('join', { tableId: 'rng-slip' });
    const answer = await lea.request<PlaceBetsAnswer>('placeBets', {
      tableId: 'rng-slip',
      bets: [
        { clientId: 'a', type: 'player', stake: '500' },
        { clientId: 'b', type: 'tie', stake: '100' },
      ],
    });
    if (!answer.ok) throw new Error(answer.code);
    expect(answer.results.map((r) => r.ok)).toEqual([true, true]);
    expect(answer.results[1]).toMatchObject({ session: { stakes: { player: '500', tie: '100' } } });
  });
});
