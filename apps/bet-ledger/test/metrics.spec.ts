import { INestApplication } from '@nestjs/common';
import { LedgerMetricsPoller } from '../src/observability/ledger-metrics.poller';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isSettled,
  newRound,
  OP,
  place,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
let app: INestApplication;
beforeAll(async () => {
  h = await createHarness('metrics');
  app = await h.startLedger();
});
afterAll(async () => h?.close());

/** GET /metrics as the scraper sees it. */
async function scrape(): Promise<string> {
  const res = await fetch(h.url('/metrics'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of the series of `name` with (at least) these labels, whatever their order; 0 when absent. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = new Map([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]] as const));
    if (Object.entries(labels).every(([k, v]) => has.get(k) === v)) return Number(m[3]);
  }
  return 0;
}

const placeLabels = { game: 'baccarat', command: 'place' };
const decided = (outcome: string, code: string) =>
  ['casino_ledger_bet_decisions_total', { ...placeLabels, outcome, code }] as const;
const latencyCount = ['casino_ledger_bet_decision_seconds_count', placeLabels] as const;
const settled = ['casino_ledger_settlements_total', { game: 'baccarat', outcome: 'settled' }] as const;
const increase = (before: string, after: string, [name, labels]: readonly [string, Record<string, string>]) =>
  valueOf(after, name, labels) - valueOf(before, name, labels);

describe('GET /metrics of the ledger', () => {
  it('counts decisions by outcome and code, times them, and counts the settlement', async () => {
    const before = await scrape();
    await deposit(h, OP, 'mia', 1_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const ok = place(r, 'mia', 600n, bac('banker'));
    const poor = place(r, 'mia', 600n, bac('tie'));
    const answers = await decide(h, ok, poor);
    expect(answers.get(ok.id)?.type).toBe('BetAccepted');
    expect(codeOf(answers.get(poor.id))).toBe('INSUFFICIENT_FUNDS');

    const after = await scrape();
    expect(increase(before, after, decided('accepted', 'OK'))).toBe(1);
    expect(increase(before, after, decided('rejected', 'INSUFFICIENT_FUNDS'))).toBe(1);
    expect(increase(before, after, latencyCount)).toBe(2);
    // No player, bet or command id in any series.
    expect(after).not.toContain('mia');
    expect(after).not.toContain(ok.id);

    await h.send(closed(r), baccaratResult(r, ['9S', '3C', 'KH', '4D']));
    await h.waitFor(isSettled(r));
    // The settlement is counted once its transaction committed, which precedes the relay's publish.
    expect(increase(before, await scrape(), settled)).toBe(1);
  });

  it('polls the outbox backlog, the open quarantine and the consumer lag per topic-partition', async () => {
    await app.get(LedgerMetricsPoller).poll();
    const text = await scrape();
    expect(text).toMatch(/^casino_ledger_outbox_backlog\{service="bet-ledger"\} \d+$/m);
    expect(text).toMatch(/^casino_ledger_quarantine_open\{service="bet-ledger"\} 0$/m);
    // The consumer has committed on the test's topics: every partition's lag is there, caught up or nearly.
    const lags = text
      .split('\n')
      .filter((l) => l.startsWith(`casino_ledger_consumer_lag{topic="${h.prefix}`));
    expect(lags.length).toBeGreaterThan(0);
    for (const l of lags) expect(Number(l.split(' ')[1])).toBeGreaterThanOrEqual(0);
  });
});
