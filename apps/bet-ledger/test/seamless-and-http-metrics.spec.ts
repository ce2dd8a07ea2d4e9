import { INestApplication } from '@nestjs/common';
import { LedgerMetricsPoller } from '../src/observability/ledger-metrics.poller';
import { baccaratTable, newRound } from './support/builders';
import { codeOf, decide, openRound, sleep } from './support/flow';
import { Harness } from './support/ledger-harness';
import { createSeamlessRig, SEAM, SeamlessRig, seamlessBet, settlePlayerWins } from './support/seamless-rig';

jest.setTimeout(120_000);

/**
 * docs/observability.md: the ledger's calls to a seamless operator's wallet timed per operator, call and outcome;
 * the credits still pending per operator (the retry backlog) polled; every HTTP request counted by route pattern.
 */
let rig: SeamlessRig;
let h: Harness;
let app: INestApplication;

beforeAll(async () => {
  rig = await createSeamlessRig('seam_metrics');
  h = rig.h;
  app = await h.startLedger({
    LEDGER_SEAMLESS_TIMEOUT_MS: '800',
    LEDGER_SEAMLESS_POLL_MS: '100',
    LEDGER_SEAMLESS_RETRY_MS: '200',
    LEDGER_SEAMLESS_RETRY_MAX_MS: '400',
  });
});
afterAll(async () => rig?.close());

async function scrape(): Promise<string> {
  return (await fetch(h.url('/metrics'))).text();
}

function valueOf(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = new Map([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]] as const));
    if (Object.entries(labels).every(([k, v]) => has.get(k) === v)) return Number(m[3]);
  }
  return 0;
}

const calls = (call: string, outcome: string) =>
  ['casino_seamless_call_seconds_count', { operator: SEAM, call, outcome }] as const;

async function backlogAfterPoll(): Promise<number> {
  await app.get(LedgerMetricsPoller).poll();
  return valueOf(await scrape(), 'casino_seamless_retry_backlog', { operator: SEAM });
}

describe('seamless wallet and HTTP metrics of the ledger', () => {
  it("times each wallet call by operator and outcome, and shows the operator's credits waiting for a retry", async () => {
    const player = await rig.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    expect(valueOf(await scrape(), ...calls('debit', 'ok'))).toBe(1);

    await rig.faults({ call: 'credit', mode: 'fail' });
    await settlePlayerWins(h, r);
    const deadline = Date.now() + 20_000;
    while (valueOf(await scrape(), ...calls('credit', 'unknown')) < 2) {
      if (Date.now() > deadline) throw new Error('the failing credit was not retried');
      await sleep(100);
    }
    expect(await backlogAfterPoll()).toBe(1);
    const text = await scrape();
    expect(valueOf(text, 'casino_seamless_oldest_pending_seconds', { operator: SEAM })).toBeGreaterThan(0);
    // Labels are bounded: the operator, never its player.
    expect(text).not.toContain(player);

    await rig.admin('DELETE', '/admin/faults');
    await rig.callReaches(`credit:${bet.id}`, 'confirmed');
    expect(valueOf(await scrape(), ...calls('credit', 'ok'))).toBe(1);
    expect(await backlogAfterPoll()).toBe(0);
  });

  it('counts every HTTP request by method, route pattern and status, an unknown path as unmatched', async () => {
    await fetch(h.url('/health'));
    await fetch(h.url('/no/such/route/42'));
    const text = await scrape();
    expect(
      valueOf(text, 'casino_http_requests_total', { method: 'GET', route: '/health', status: '200' }),
    ).toBe(1);
    expect(
      valueOf(text, 'casino_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/no/such/route/42');
    expect(valueOf(text, 'casino_http_request_seconds_count', { method: 'GET', route: '/health' })).toBe(1);
  });
});
