import { eventually, FailureLab, PlayerClient } from '@casino/service-testing';
import { ServiceProcess } from '@casino/test-support';
import { ledgerTablesOf } from './support/ledger-tables';

jest.setTimeout(240_000);

/** Their keys fall in partitions 4, 5, 2 and 1 of six: two instances of the group share them. */
const TABLE_IDS = ['bac-f1', 'bac-f2', 'bac-f3', 'bac-f4'];
const TABLES = TABLE_IDS.map((id) => ({
  id,
  variant: 'commission',
  dealer: 'auto',
  timers: { bettingMs: 3000, cardMs: 150, resultMs: 500 },
}));
const LEDGER_TABLES = ledgerTablesOf(TABLES);
/** The bound: a killed instance's tables run elsewhere within 10 s. */
const FAILOVER_BOUND_MS = 10_000;

async function tablesOf(instance: ServiceProcess): Promise<string[]> {
  const res = await fetch(`${instance.url}/tables`, { signal: AbortSignal.timeout(5_000) });
  const rows = (await res.json()) as { tableId: string }[];
  return rows.map((r) => r.tableId).sort();
}

describe('two instances of the baccarat service share the tables (real processes, Kafka, PostgreSQL, ledger)', () => {
  let lab: FailureLab;
  let second: ServiceProcess;

  beforeAll(async () => {
    lab = await FailureLab.open({
      app: 'baccarat-service',
      name: 'bac_failover',
      tables: TABLES,
      ledgerTables: LEDGER_TABLES,
      deposits: { bea: 100_000n },
    });
  });
  afterAll(() => lab?.close());

  it('a lone instance runs every table; a second one takes its share, each table on exactly one', async () => {
    expect(await tablesOf(lab.service)).toEqual(TABLE_IDS);
    second = await lab.launchInstance({ SERVICE_INSTANCE: 'baccarat-2' });
    await eventually(async () => {
      const [a, b] = [await tablesOf(lab.service), await tablesOf(second)];
      return a.length > 0 && b.length > 0 && [...a, ...b].sort().join() === TABLE_IDS.join();
    }, 30_000);
  });

  it('a killed instance: its tables run on the other within 10 s, the bet taken is settled or refunded once', async () => {
    const [tableId] = await tablesOf(lab.service);
    const bea = await lab.connect('bea');
    await bea.request('join', { tableId });
    const opened = await bea.waitFor('round:opened', (p) => p.noBet !== true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    const ack = await bea.request<{ ok: boolean; ref: string }>('placeBet', {
      tableId,
      roundId,
      type: 'player',
      stake: '100',
    });
    expect(ack).toMatchObject({ ok: true });
    await bea.waitFor('bet:accepted', (p) => p.ref === ack.ref);

    await lab.service.kill();
    const killedAt = Date.now();
    await eventually(async () => (await tablesOf(second)).length === TABLE_IDS.length, 30_000);
    const failoverMs = Date.now() - killedAt;
    console.log(`failover: every table running on the survivor ${failoverMs} ms after the kill`);
    expect(failoverMs).toBeLessThanOrEqual(FAILOVER_BOUND_MS);

    // The round taken over is finished by the survivor (voided and refunded when it was still taking bets).
    await eventually(
      async () => ['settled', 'voided'].includes((await lab.ledgerRoundStatus(tableId, roundId)) ?? ''),
      30_000,
    );
    const bea2: PlayerClient = await lab.connect('bea', second);
    const joined = await bea2.request<{ ok: boolean }>('join', { tableId });
    expect(joined).toMatchObject({ ok: true });
    await bea2.waitFor('round:opened', (p) => p.roundId !== roundId, 30_000, Date.now());
    const status = await lab.ledgerRoundStatus(tableId, roundId);
    const balance = await lab.ledger.balance('op-test', 'bea', 'EUR');
    if (status === 'voided') expect(balance).toBe(100_000n);
    else expect([99_900n, 100_000n, 100_100n]).toContain(balance);
  });

  it('lost nothing and settled nothing twice: ledger:verify passes', async () => {
    expect(second.running).toBe(true);
    await eventually(async () => (await lab.outbox()).unsent === 0, 30_000);
    const verify = lab.verifyLedger();
    expect(verify.output).toContain('checks passed');
    expect(verify.status).toBe(0);
    expect(second.log()).not.toMatch(/Unhandled|uncaught/i);
  });
});
