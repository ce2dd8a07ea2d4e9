import {
  duplicateIds,
  eventually,
  FailureLab,
  PlayerClient,
  TEST_PLAYER_SECRET,
} from '@casino/service-testing';
import { loadBlackjackConfig } from '../src/config/blackjack-config';
import { ledgerTableConfig } from '../src/table/table-context';

jest.setTimeout(180_000);

const TABLE = 'bj-f';
const TIMERS = {
  bettingMs: 2000,
  cardMs: 150,
  decisionMs: 400,
  insuranceMs: 400,
  resultMs: 500,
  finalBetsMs: 10_000,
};
const TABLES = [{ id: TABLE, dealer: 'auto', timers: TIMERS }];
const LEDGER_TABLES = loadBlackjackConfig({
  PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
  DEALER_API_KEY: 'x'.repeat(12),
  TABLES: JSON.stringify(TABLES),
}).tables.map((t) => ({
  tableId: t.id,
  currency: t.currency,
  producer: 'blackjack-service',
  settings: ledgerTableConfig(t),
}));
const DEPOSIT = 100_000n;

describe('blackjack service survives its dependencies (real process, real ledger)', () => {
  let lab: FailureLab;
  let bo: PlayerClient;

  beforeAll(async () => {
    lab = await FailureLab.open({
      app: 'blackjack-service',
      name: 'bj_fail',
      tables: TABLES,
      ledgerTables: LEDGER_TABLES,
      deposits: { bo: DEPOSIT },
      env: { LEDGER_DECISION_TIMEOUT_MS: '1500' },
    });
    bo = await lab.connect('bo');
    await bo.request('join', { tableId: TABLE });
  });
  afterAll(() => lab?.close());

  it('pg_terminate_backend of its connections mid-round: the process lives on, the round is settled', async () => {
    const opened = await bo.waitFor('round:opened', () => true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    const ack = await bo.request<{ ok: boolean; ref: string }>('placeBet', {
      tableId: TABLE,
      roundId,
      seat: 3,
      stake: '100',
    });
    expect(ack.ok).toBe(true);
    await bo.waitFor('bet:accepted', (p) => p.ref === ack.ref);
    let ended = 0;
    // Through the final bets, the deal and the decision timers (the hand stands on time-out).
    for (let i = 0; i < 20; i++) {
      ended += await lab.terminateServiceConnections();
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(ended).toBeGreaterThan(0);
    expect(lab.service.running).toBe(true);
    await bo.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
    await bo.waitFor('round:opened', (p) => p.roundId !== roundId, 30_000, Date.now());
  });

  it('the ledger silent past the timeout before the deal: the round is voided, the bet answered, the stake kept', async () => {
    const before = await lab.ledger.balance('op-test', 'bo', 'EUR');
    const opened = await bo.waitFor('round:opened', () => true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    lab.ledger.pause();
    const thaw = setTimeout(() => lab.ledger.resume(), 20_000);
    const ack = await bo.request<{ ok: boolean; ref: string }>('placeBet', {
      tableId: TABLE,
      roundId,
      seat: 2,
      stake: '300',
    });
    expect(ack.ok).toBe(true);
    await bo.waitFor('round:voided', (p) => p.roundId === roundId, 20_000);
    expect(bo.all('table:status').at(-1)).toMatchObject({ status: 'paused', pausedFor: ['ledger'] });
    const afterVoid = Date.now();
    clearTimeout(thaw);
    lab.ledger.resume();
    const answers = () =>
      bo.received.filter(
        (m) => (m.name === 'bet:accepted' || m.name === 'bet:rejected') && m.payload.ref === ack.ref,
      );
    await eventually(() => answers().length > 0, 30_000);
    await bo.waitFor('round:opened', () => true, 30_000, afterVoid);
    // Accepted then refunded, or rejected: the wallet is as before the voided round. A failure says how far off
    // it is (−300: the stake kept; another figure: a settlement of the round before) and what the bet was told.
    const balance = () => lab.ledger.balance('op-test', 'bo', 'EUR');
    await eventually(async () => (await balance()) === before, 45_000).catch(async () => {
      const off = (await balance()) - before;
      throw new Error(
        `the wallet is ${off} off its balance before the voided round; the bet: ${JSON.stringify(answers())}`,
      );
    });
    expect(answers()).toHaveLength(1);
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
