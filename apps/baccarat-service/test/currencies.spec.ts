import { PlayerClient } from '@casino/service-testing';
import { LiveTable, openLiveTable, tokenFor } from './support/harness';

jest.setTimeout(60_000);

// Currencies per table on the real path (docs/ledger.md#currencies-per-table): one live baccarat table takes EUR and
// TRY; the service's TABLES entry lists TRY's limits, its catalogue entry at the ledger holds them, the service
// checks and shows each player's own currency's limits and the ledger decides each bet against them.
const TABLES = [
  {
    id: 'bac-cur',
    variant: 'commission',
    currency: 'EUR',
    currencies: {
      TRY: {
        limits: { player: { min: '1000', max: '300000' }, banker: { min: '1000', max: '300000' } },
        maxDifference: '5000000',
      },
    },
    timers: { bettingMs: 8000, cardMs: 20, resultMs: 300 },
  },
];

type Ack = { ok: boolean; ref?: string; code?: string };
type Snapshot = {
  currency: string;
  limits: Record<string, { min: string; max: string }>;
  maxDifference: unknown;
};

describe('a baccarat table taking EUR and TRY (service + Kafka + real ledger)', () => {
  let live: LiveTable;
  const clients: PlayerClient[] = [];
  /** A player of the given currency, their launch session recorded at the ledger first. */
  const player = async (playerId: string, currency: string) => {
    await live.ledger.openSession(playerId, currency);
    const c = await PlayerClient.connect(live.service.url, tokenFor(playerId, currency));
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    live = await openLiveTable(TABLES, { deposits: { eda: 10_000_000n } });
    await live.ledger.deposit('tuna', 10_000_000n, 'TRY');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await live?.close();
  });

  it("shows and holds each player to their own currency's limits; the ledger takes both in one round", async () => {
    const tuna = await player('tuna', 'TRY');
    const eda = await live.client('eda');
    const joined = await tuna.request<{ ok: boolean; snapshot: Snapshot }>('join', { tableId: 'bac-cur' });
    expect(joined.snapshot).toMatchObject({
      currency: 'TRY',
      limits: { player: { min: '1000', max: '300000' } },
      maxDifference: '5000000',
    });
    expect(joined.snapshot.limits.tie).toBeUndefined();
    // The lobby's list names the TRY limits too, for a TRY player's tile before joining.
    const listed = (await (await fetch(`${live.service.url}/tables`)).json()) as Record<string, unknown>[];
    expect(listed.find((r) => r.tableId === 'bac-cur')).toMatchObject({
      currency: 'EUR',
      currencies: { TRY: { limits: { player: { min: '1000', max: '300000' } } } },
    });
    const edaJoined = await eda.request<{ snapshot: Snapshot }>('join', { tableId: 'bac-cur' });
    expect(edaJoined.snapshot.currency).toBe('EUR');
    expect(edaJoined.snapshot.limits.player.max).not.toBe('300000');

    const opened = await tuna.waitFor('round:opened', (p) => p.noBet === false, 10_000, Date.now());
    const roundId = opened.roundId as string;
    const place = (c: PlayerClient, type: string, stake: string) =>
      c.request<Ack>('placeBet', { tableId: 'bac-cur', roundId, type, stake });

    // The service's own pre-check: above the TRY maximum, and Tie not offered in TRY.
    expect(await place(tuna, 'player', '300001')).toMatchObject({ ok: false, code: 'ABOVE_TABLE_MAX' });
    expect(await place(tuna, 'tie', '1000')).toMatchObject({ ok: false });
    // Within: the ledger accepts the TRY bet and the same amount in EUR in the same round.
    const tryBet = await place(tuna, 'player', '300000');
    expect(tryBet).toMatchObject({ ok: true });
    expect(await tuna.waitFor('bet:accepted', (p) => p.ref === tryBet.ref)).toMatchObject({
      stake: '300000',
    });
    const eurBet = await place(eda, 'player', '300001');
    expect(eurBet).toMatchObject({ ok: true });
    await eda.waitFor('bet:accepted', (p) => p.ref === eurBet.ref);
    expect(await live.ledger.balance('tuna', 'TRY')).toBe(10_000_000n - 300_000n);
    expect(await live.ledger.balance('eda')).toBe(10_000_000n - 300_001n);

    // A currency the table does not take: refused at the door.
    await live.ledger.openSession('pia', 'PLN');
    const pia = await PlayerClient.connect(live.service.url, tokenFor('pia', 'PLN'));
    clients.push(pia);
    expect(await pia.request<Ack>('join', { tableId: 'bac-cur' })).toMatchObject({
      ok: false,
      code: 'CURRENCY_MISMATCH',
    });
  });
});
