import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// A VIP grant on the real path (docs/rules/restrictions.md#vip-limits): the table lets a straight-up above its
// maximum through up to its VIP ceiling, and the ledger decides with the player's grant, given in the back office.
const TABLES = [
  {
    id: 'rou-vip',
    dealer: 'studio',
    limits: { straight: { min: 100, max: 10_000 } },
    vipMax: { straight: 40_000 },
    timers: { bettingMs: 5000, resultMs: 300 },
  },
];

type PlaceAck = { ok: boolean; refs: string[]; code?: string };

describe('VIP limits at a roulette table (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;

  beforeAll(
    async () => (live = await openLiveTable(TABLES, { deposits: { vera: 100_000n, walt: 100_000n } })),
  );
  afterAll(() => live?.close());

  it("accepts a VIP's straight-up above the table maximum up to the ceiling, and refuses everyone else's", async () => {
    const { LEDGER_URL, LEDGER_BACKOFFICE_TOKEN } = live.ledger.serviceEnv();
    const grant = await fetch(`${LEDGER_URL}/operators/op-test/players/vera/vip-limits/roulette/straight`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${LEDGER_BACKOFFICE_TOKEN}` },
      body: JSON.stringify({ max: '30000', reason: 'VIP tier 1' }),
    });
    expect(grant.status).toBe(200);

    const vera = await live.client('vera');
    const walt = await live.client('walt');
    await walt.request('join', { tableId: 'rou-vip' });
    await vera.request('join', { tableId: 'rou-vip' });
    expect((await dealer(live.service.url, 'rou-vip', 'wheel-ready', { declaredBy: 'pit' })).status).toBe(
      200,
    );
    await vera.waitFor('round:opened', (p) => p.tableId === 'rou-vip');

    const place = (player: typeof vera, stake: string) =>
      player.request<PlaceAck>('placeBet', {
        tableId: 'rou-vip',
        bet: { type: 'straight', numbers: [17] },
        stake,
      });
    // Above the ceiling: the table refuses it itself.
    expect(await place(vera, '40001')).toMatchObject({ ok: false, code: 'ABOVE_TABLE_MAX' });
    // Within the ceiling: the ledger decides, with Vera's grant (30,000) and without one for Walt.
    const big = await place(vera, '25000');
    expect(big.ok).toBe(true);
    expect(await vera.waitFor('bet:accepted', (p) => p.ref === big.refs[0])).toMatchObject({
      stake: '25000',
    });
    const over = await place(vera, '6000');
    expect(await vera.waitFor('bet:rejected', (p) => p.ref === over.refs[0])).toMatchObject({
      code: 'ABOVE_PERSONAL_LIMIT',
    });
    const plain = await place(walt, '20000');
    expect(await walt.waitFor('bet:rejected', (p) => p.ref === plain.refs[0])).toMatchObject({
      code: 'ABOVE_TABLE_MAX',
    });
    expect(await live.ledger.balance('vera')).toBe(75_000n);
    expect(await live.ledger.balance('walt')).toBe(100_000n);
  });
});
