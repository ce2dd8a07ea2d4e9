import { duplicateIds, eventually, FailureLab, PlayerClient } from '@casino/service-testing';
import { ledgerTablesOf } from './support/ledger-tables';

jest.setTimeout(180_000);

const TABLE = 'bac-f';
const TABLES = [
  {
    id: TABLE,
    variant: 'commission',
    dealer: 'auto',
    timers: { bettingMs: 2000, cardMs: 150, resultMs: 500 },
  },
];
const LEDGER_TABLES = ledgerTablesOf(TABLES);

describe('baccarat service survives its dependencies (real process, real ledger)', () => {
  let lab: FailureLab;
  let bea: PlayerClient;

  beforeAll(async () => {
    lab = await FailureLab.open({
      app: 'baccarat-service',
      name: 'bac_fail',
      tables: TABLES,
      ledgerTables: LEDGER_TABLES,
      deposits: { bea: 100_000n },
      env: { KAFKA_SEND_TIMEOUT_MS: '1000' },
    });
    bea = await lab.connect('bea');
    await bea.request('join', { tableId: TABLE });
  });
  afterAll(() => lab?.close());

  async function betOnNextRound(): Promise<string> {
    const opened = await bea.waitFor('round:opened', (p) => p.noBet !== true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    const ack = await bea.request<{ ok: boolean; ref: string }>('placeBet', {
      tableId: TABLE,
      roundId,
      type: 'player',
      stake: '100',
    });
    expect(ack).toMatchObject({ ok: true });
    await bea.waitFor('bet:accepted', (p) => p.ref === ack.ref);
    return roundId;
  }

  it('pg_terminate_backend of its connections through the deal: the process lives on, the round is settled', async () => {
    const roundId = await betOnNextRound();
    let ended = 0;
    for (let i = 0; i < 20; i++) {
      ended += await lab.terminateServiceConnections();
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(ended).toBeGreaterThan(0);
    expect(lab.service.running).toBe(true);
    await bea.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
    await bea.waitFor('round:opened', (p) => p.roundId !== roundId, 30_000, Date.now());
  });

  it('Kafka unreachable: the deal ends on time, no new round, then everything is published and settled', async () => {
    const roundId = await betOnNextRound();
    const cutAt = Date.now();
    lab.kafkaProxy.cut();
    const restore = setTimeout(() => lab.kafkaProxy.restore(), 25_000);
    await bea.waitFor('round:result', (p) => p.roundId === roundId, 15_000);
    const resultAt = Date.now();
    await bea.waitFor('table:status', (p) => p.status === 'paused', 15_000, cutAt);
    await new Promise((r) => setTimeout(r, 3000));
    expect(bea.received.filter((m) => m.name === 'round:opened' && m.at > resultAt)).toEqual([]);
    const restoredAt = Date.now();
    clearTimeout(restore);
    lab.kafkaProxy.restore();
    await bea.waitFor('table:status', (p) => p.status === 'running', 30_000, restoredAt);
    await bea.waitFor('round:settled', (p) => p.roundId === roundId, 60_000);
    await bea.waitFor('round:opened', () => true, 30_000, restoredAt);
  });

  it('lost nothing and published nothing twice', async () => {
    expect(lab.service.running).toBe(true);
    await eventually(async () => (await lab.outbox()).unsent === 0, 30_000);
    const { eventIds } = await lab.outbox();
    const published = await lab.publishedEvents(eventIds);
    expect(duplicateIds(published)).toEqual([]);
    const onKafka = new Set(published.map((e) => e.id));
    expect(eventIds.filter((id) => !onKafka.has(id))).toEqual([]);
  });
});
