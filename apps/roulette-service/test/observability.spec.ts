import { eventually, PlayerClient, serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { LedgerProcess, ServiceProcess } from '@casino/test-support';
import { startRouletteService } from '../src/app/bootstrap';
import { catalogueEntries } from '../src/catalogue-entries';
import { loadRouletteConfig } from '../src/config/roulette-config';

jest.setTimeout(90_000);

/**
 * The built ledger and roulette service as processes writing JSON logs at debug level: GET /metrics of the
 * service counts a connected player and a bet; one bet's command id and bet id lead through both processes' logs
 * from the socket to its settlement.
 */
const harness = serviceHarness({
  name: 'rou_obs',
  infra: testSupport,
  loadConfig: loadRouletteConfig,
  start: startRouletteService,
  ledgerTables: catalogueEntries,
});

const TABLES = [{ id: 'rou-obs', dealer: 'auto', timers: { bettingMs: 1500, spinMs: 100, resultMs: 300 } }];
const JSON_DEBUG = { LOG_FORMAT: 'json', LOG_LEVEL: 'debug' };

type LogLine = Record<string, unknown>;

/** The JSON lines of a process's output (other lines, e.g. the ledger's ready line, are not log lines). */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{"level"'))
    .map((l) => JSON.parse(l) as LogLine);
}

async function metricValue(url: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text());
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = new Map([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]] as const));
    if (Object.entries(labels).every(([k, v]) => has.get(k) === v)) return Number(m[3]);
  }
  return 0;
}

describe('metrics and JSON logs of a game service and the ledger (processes)', () => {
  let dispose: (() => Promise<void>) | undefined;
  let ledgerDb: testSupport.TestDatabase | undefined;
  let ledger: LedgerProcess | undefined;
  let service: ServiceProcess | undefined;
  let player: PlayerClient | undefined;

  beforeAll(async () => {
    const t = await harness.createTestEnv(TABLES);
    dispose = t.dispose;
    ledgerDb = await testSupport.createTestDatabase('rou_obs_ledger');
    ledger = await LedgerProcess.launch({
      databaseUrl: ledgerDb.url,
      topicPrefix: t.prefix,
      groupId: `${t.prefix}bet-ledger`,
      brokers: testSupport.kafkaBrokers(),
      env: JSON_DEBUG,
    });
    for (const table of catalogueEntries(loadRouletteConfig(t.env))) await ledger.putTable(table);
    await ledger.deposit('op-test', 'olga', 'EUR', 10_000n);
    service = await ServiceProcess.launch('roulette-service', {
      ...t.env,
      ...JSON_DEBUG,
      LEDGER_URL: ledger.url,
      LEDGER_BACKOFFICE_TOKEN: ledger.backOfficeToken(),
    });
  });

  afterAll(async () => {
    player?.close();
    await service?.stop().catch(() => undefined);
    await ledger?.stop().catch(() => undefined);
    await ledgerDb?.drop().catch(() => undefined);
    await dispose?.();
  });

  it('counts the connected socket and the bet, and one bet is followed from the socket to its settlement', async () => {
    const url = service!.url;
    const socketsBefore = await metricValue(url, 'casino_sockets_connected', {});
    // The player's launch session recorded at this ledger: it decides bet commands only with its token.
    player = await PlayerClient.connect(url, await ledger!.openSession('op-test', 'olga'));
    expect(await metricValue(url, 'casino_sockets_connected', {})).toBe(socketsBefore + 1);

    await player.request('join', { tableId: 'rou-obs' });
    const opened = await player.waitFor('round:opened', () => true, 15_000, Date.now());
    const ack = await player.request<{ ok: boolean; refs?: string[]; ref?: string }>('placeBet', {
      tableId: 'rou-obs',
      bet: { type: 'red' },
      stake: '100',
    });
    expect(ack.ok).toBe(true);
    const commandId = ack.refs?.[0] ?? ack.ref;
    expect(commandId).toBeDefined();
    const accepted = await player.waitFor('bet:accepted', (p) => p.ref === commandId, 15_000);
    await player.waitFor('round:settled', (p) => p.roundId === opened.roundId, 20_000);
    const betId = accepted.betId as string;
    expect(betId).toBeDefined();

    expect(
      await metricValue(url, 'casino_game_bets_received_total', { table: 'rou-obs', outcome: 'pending' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await metricValue(url, 'casino_game_bet_decisions_total', {
        table: 'rou-obs',
        outcome: 'accepted',
        code: 'OK',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await metricValue(url, 'casino_game_round_phase_seconds_count', { game: 'roulette', phase: 'betting' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await metricValue(ledger!.url, 'casino_ledger_bet_decisions_total', {
        game: 'roulette',
        outcome: 'accepted',
        code: 'OK',
      }),
    ).toBeGreaterThanOrEqual(1);

    // Both processes' output is read through pipes: wait until the settlement's line has come through.
    await eventually(() =>
      logLines(ledger!.log()).some((l) => l.message === 'bet settled' && l.betId === betId),
    );
    // The service: received on the socket, committed to its outbox, the ledger's decision relayed.
    const serviceLines = logLines(service!.log()).filter((l) => l.commandId === commandId);
    expect(serviceLines.map((l) => l.message)).toEqual(
      expect.arrayContaining(['bet received', 'bet command committed', 'bet decision relayed']),
    );
    const relayed = serviceLines.find((l) => l.message === 'bet decision relayed');
    expect(relayed).toMatchObject({ level: 'debug', tableId: 'rou-obs', roundId: opened.roundId, betId });
    // The ledger: decided (command id and bet id on one line), then settled (bet id).
    const ledgerLines = logLines(ledger!.log());
    expect(ledgerLines.find((l) => l.message === 'bet decided' && l.commandId === commandId)).toMatchObject({
      betId,
      roundId: opened.roundId,
      outcome: 'accepted',
    });
    expect(ledgerLines.find((l) => l.message === 'bet settled' && l.betId === betId)).toMatchObject({
      tableId: 'rou-obs',
      roundId: opened.roundId,
    });
  });
});
