import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// A table's own restriction settings on the real path (docs/rules/restrictions.md#maximum-player-banker-difference,
// docs/rules/baccarat.md#side-bet-cut-offs): the service's TABLES, its catalogue entry at the ledger, players'
// sockets, Kafka and the ledger's decisions.
const TABLES = [
  {
    id: 'bac-rules',
    variant: 'commission',
    maxDifference: 1000,
    // Lucky Six closed from the first round of the shoe; the other side bets keep their defaults.
    sideBetLastRound: { luckySix: 0 },
    timers: { bettingMs: 8000, cardMs: 20, resultMs: 300 },
  },
];

type Ack = { ok: boolean; ref?: string; code?: string };

describe("a baccarat table's maximum difference and side-bet cut-offs (service + Kafka + real ledger)", () => {
  let live: LiveTable;

  beforeAll(async () => (live = await openLiveTable(TABLES, { deposits: { ida: 100_000n, jon: 100_000n } })));
  afterAll(() => live?.close());

  it('refuses a withdrawal that would widen the gap above the maximum, and a side bet past its cut-off', async () => {
    const ida = await live.client('ida');
    const jon = await live.client('jon');
    await jon.request('join', { tableId: 'bac-rules' });
    const joined = await ida.request<{ snapshot: { sideBetLastRound: Record<string, number> } }>('join', {
      tableId: 'bac-rules',
    });
    expect(joined.snapshot.sideBetLastRound).toMatchObject({ luckySix: 0, playerPair: 60 });
    const opened = await ida.waitFor('round:opened', (p) => p.noBet === false, 10_000, Date.now());
    const roundId = opened.roundId as string;

    const bet = async (client: typeof ida, type: string, stake: string) => {
      const ack = await client.request<Ack>('placeBet', { tableId: 'bac-rules', roundId, type, stake });
      expect(ack).toMatchObject({ ok: true });
      return client.waitFor('bet:accepted', (p) => p.ref === ack.ref);
    };
    await bet(ida, 'banker', '1000');
    const player = await bet(jon, 'player', '600');
    const more = await bet(ida, 'banker', '500');

    // Banker 1,500 against Player 600: Jon's withdrawal would leave a gap of 1,500, above 1,000 and wider.
    const refused = await jon.request<Ack>('cancelBet', {
      tableId: 'bac-rules',
      roundId,
      betId: player.betId,
    });
    expect(refused).toMatchObject({ ok: true, status: 'cancelling' });
    expect(await jon.waitFor('bet:cancelRejected', (p) => p.ref === refused.ref)).toMatchObject({
      code: 'MAX_DIFFERENCE_EXCEEDED',
    });
    expect(await live.ledger.balance('jon')).toBe(99_400n);

    // Ida takes 500 back; then Jon's withdrawal leaves exactly the maximum: allowed.
    const narrow = await ida.request<Ack>('cancelBet', { tableId: 'bac-rules', roundId, betId: more.betId });
    await ida.waitFor('bet:cancelled', (p) => p.ref === narrow.ref);
    const again = await jon.request<Ack>('cancelBet', { tableId: 'bac-rules', roundId, betId: player.betId });
    await jon.waitFor('bet:cancelled', (p) => p.ref === again.ref);
    expect(await live.ledger.balance('jon')).toBe(100_000n);

    // The table's own cut-off: Lucky Six is closed, Player Pair (default 60) is open.
    expect(
      await ida.request<Ack>('placeBet', { tableId: 'bac-rules', roundId, type: 'luckySix', stake: '100' }),
    ).toMatchObject({ ok: false, code: 'SIDE_BET_CUTOFF' });
    await bet(ida, 'playerPair', '100');
    expect(await live.ledger.balance('ida')).toBe(100_000n - 1_000n - 100n);
  });
});
