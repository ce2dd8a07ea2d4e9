import { outcomeFromCards, settleBet } from '@casino/baccarat';
import { parseCards } from '@casino/cards';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

const TABLES = [
  // Studio tables: cards come from the dealer console, so the test decides when a round has started.
  { id: 'studio-1', variant: 'commission', dealer: 'studio', timers: { bettingMs: 4000, resultMs: 200 } },
];

type Snapshot = {
  phase: string;
  round: { roundId: string; cards: string[]; myBets: { ref: string; status: string }[] } | null;
  balance?: string;
};

describe(`baccarat studio dealer, reconnect and restart (service + Kafka + PostgreSQL + real ledger)`, () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { erin: 50_000n } })));
  afterAll(() => live?.close());

  it('deals scanned cards, rescans a misread one, restores a reconnecting player and completes a started round across a restart', async () => {
    const erin = await live.client('erin');
    const joined = await erin.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(joined.snapshot.phase).toBe('waiting-shoe');
    // The console is authenticated.
    const anonymous = await fetch(`${live.service.url}/dealer/tables/studio-1/new-shoe`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await dealer(live.service.url, 'studio-1', 'new-shoe')).status).toBe(200);
    const opened = await erin.waitFor('round:opened');
    const roundId = opened.roundId as string;
    const bet = await erin.request('placeBet', { tableId: 'studio-1', type: 'banker', stake: '2000' });
    await erin.waitFor('bet:accepted', (p) => p.ref === bet.ref);
    await erin.waitFor('round:closed', (p) => p.roundId === roundId);

    // A card too early is refused; an unreadable scan asks for a rescan; a misread card is retracted.
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: 'XX' })).body).toMatchObject({
      code: 'INVALID_MESSAGE',
    });
    await erin.waitFor('round:rescan', (p) => p.roundId === roundId);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '9H' })).status).toBe(200);
    expect((await dealer(live.service.url, 'studio-1', 'rescan')).status).toBe(200);
    await erin.waitFor('round:cardRetracted', (p) => p.index === 0);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '2S' })).status).toBe(200);
    expect((await dealer(live.service.url, 'studio-1', 'card', { card: '3D' })).status).toBe(200);

    // Disconnect and reconnect: the snapshot brings back the round, the cards so far and her bet.
    erin.close();
    const erin2 = await live.client('erin');
    const back = await erin2.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(back.snapshot.round?.roundId).toBe(roundId);
    expect(back.snapshot.round?.cards).toEqual(['2S', '3D']);
    expect(back.snapshot.round?.myBets).toEqual([
      expect.objectContaining({ ref: bet.ref, status: 'accepted' }),
    ]);
    expect(back.snapshot.balance).toBe('48000');

    // The service stops mid-round and comes back: the started round is completed, not voided.
    await live.restart();
    const erin3 = await live.client('erin');
    const resumed = await erin3.request<{ snapshot: Snapshot }>('join', { tableId: 'studio-1' });
    expect(resumed.snapshot.phase).toBe('dealing');
    expect(resumed.snapshot.round?.cards).toEqual(['2S', '3D']);
    // P 2+4=6 stands, B 3+5=8 natural: Banker wins with a two-card natural.
    for (const card of ['4C', '5H'])
      expect((await dealer(live.service.url, 'studio-1', 'card', { card })).status).toBe(200);
    const result = await erin3.waitFor('round:result', (p) => p.roundId === roundId);
    expect(result).toMatchObject({ winner: 'banker', cards: ['2S', '3D', '4C', '5H'] });
    const settled = await erin3.waitFor('round:settled', (p) => p.roundId === roundId);
    const expected = settleBet(
      'banker',
      2000n,
      outcomeFromCards(parseCards(['2S', '3D', '4C', '5H'])),
      'commission',
    );
    expect(settled.totalReturned).toBe(expected.returned.toString());
    expect(await live.ledger.balance('erin')).toBe(48_000n + expected.returned);
  });
});
