import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baccaratTable, newRound } from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { SeamlessManual1764800000000 } from '../src/database/migrations/1764800000000-seamless-manual';
import { backOffice, balanceOf, Harness } from './support/ledger-harness';
import { createSeamlessRig, SEAM, SeamlessRig, seamlessBet, settlePlayerWins } from './support/seamless-rig';

jest.setTimeout(120_000);

let rig: SeamlessRig;
let h: Harness;

beforeAll(async () => {
  rig = await createSeamlessRig('seamrec');
  h = rig.h;
  // A debit answers within 2 s even on a loaded CI machine; the timeout fault below waits longer than that.
  await h.startLedger({
    LEDGER_SEAMLESS_TIMEOUT_MS: '2000',
    LEDGER_SEAMLESS_POLL_MS: '100',
    LEDGER_SEAMLESS_RETRY_MS: '200',
    LEDGER_SEAMLESS_RETRY_MAX_MS: '1000',
  });
});

afterAll(async () => rig?.close());

const today = () => new Date().toISOString().slice(0, 10);

/** `npm run reconcile` as an operator's finance team runs it (the built CLI on the test's database). */
function runReconcile(statement: string): { status: number | null; out: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'reconcile-')), 'statement.csv');
  writeFileSync(file, statement);
  const run = spawnSync(
    process.execPath,
    [join(__dirname, '../dist/cli/reconcile.js'), '--operator', SEAM, '--date', today(), '--statement', file],
    { env: { ...process.env, DATABASE_URL: h.config.DATABASE_URL }, encoding: 'utf8' },
  );
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("reconciling a seamless operator's day", () => {
  it("reports every call with its state and matches the reference wallet's statement, line for line", async () => {
    const player = await rig.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const win = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, win)).get(win.id))).toBe('ACCEPTED');
    await rig.faults({ call: 'debit', mode: 'timeout', delayMs: 5_000, times: 1 });
    const lost = seamlessBet(r, player, 300n, 'player');
    expect(codeOf((await decide(h, lost)).get(lost.id))).toBe('WALLET_UNAVAILABLE');
    await rig.callReaches(`rollback:${lost.id}`, 'confirmed');
    await rig.admin('DELETE', '/admin/faults');
    await settlePlayerWins(h, r);
    await rig.callReaches(`credit:${win.id}`, 'confirmed');

    const res = await fetch(h.url(`/back-office/reconciliation?operator=${SEAM}&date=${today()}`), {
      headers: backOffice(h),
    });
    const report = (await res.json()) as {
      totals: unknown;
      items: { transactionId: string; state: string }[];
    };
    expect(report.totals).toEqual({
      debit: { confirmed: 1, rolled_back: 1 },
      credit: { confirmed: 1 },
      rollback: { confirmed: 1 },
    });
    expect(report.items.find((i) => i.transactionId === `debit:${lost.id}`)?.state).toBe('rolled_back');
    const csv = await fetch(
      h.url(`/back-office/reconciliation?operator=${SEAM}&date=${today()}&format=csv`),
      {
        headers: backOffice(h),
      },
    );
    expect((await csv.text()).split(/\r?\n/)[0]).toBe(
      'transactionId,type,playerId,amount,currency,state,detail,createdAt',
    );
    const bad = await fetch(h.url(`/back-office/reconciliation?operator=${SEAM}&date=yesterday`), {
      headers: backOffice(h),
    });
    expect(bad.status).toBe(400);

    const statement = await (await rig.admin('GET', `/admin/statement?date=${today()}`)).text();
    expect(statement).toContain(`debit:${lost.id},debit,300,EUR,rolled_back`);
    const clean = runReconcile(statement);
    expect(clean.out).toContain('matched: 4');
    expect(clean.status).toBe(0);

    // The operator's file loses the credit and shows another amount for the debit: both reported, exit 1.
    const tampered = statement
      .split('\n')
      .filter((l) => !l.startsWith(`credit:${win.id},`))
      .map((l) => (l.startsWith(`debit:${win.id},`) ? l.replace(',1000,', ',900,') : l))
      .join('\n');
    const differs = runReconcile(tampered);
    expect(differs.status).toBe(1);
    expect(differs.out).toContain('missing on the platform: 0');
    expect(differs.out).toContain('missing at the operator: 1');
    expect(differs.out).toContain('mismatches: 1');
  });

  it('resolves a failed credit by hand: state manual, the books moved, an audit row; only once', async () => {
    const player = await rig.operatorPlayer(10_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const bet = seamlessBet(r, player, 1_000n, 'player');
    expect(codeOf((await decide(h, bet)).get(bet.id))).toBe('ACCEPTED');
    await rig.faults({ call: 'credit', mode: 'fail' });
    await settlePlayerWins(h, r);
    await rig.callReaches(`credit:${bet.id}`, 'pending');
    // Simulated time: past the retry window, the credit is failed.
    await h.ds.query(
      `UPDATE ledger_seamless_calls SET created_at = now() - interval '49 hours' WHERE transaction_id = $1`,
      [`credit:${bet.id}`],
    );
    await rig.callReaches(`credit:${bet.id}`, 'failed');
    await rig.admin('DELETE', '/admin/faults');
    expect(await balanceOf(h, SEAM, player)).toBe(2_000n);
    // The operator's team paid the player by hand; finance records it.
    await rig.admin('PUT', `/admin/players/${player}`, { currency: 'EUR', balance: '11000' });
    const resolve = () =>
      fetch(h.url(`/back-office/reconciliation/${SEAM}/calls/credit:${bet.id}/resolve`), {
        method: 'POST',
        headers: { ...backOffice(h), 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'credited by the operator by hand, ticket 42' }),
      });
    const res = await resolve();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'manual', call: 'credit', amount: '2000' });
    expect(await balanceOf(h, SEAM, player)).toBe(0n);
    const [audit] = await h.ds.query(
      `SELECT actor, reason FROM ledger_backoffice_audit WHERE action = 'seamless.resolve' AND target = $1`,
      [`${SEAM}/credit:${bet.id}`],
    );
    expect(audit).toEqual({ actor: 'system', reason: 'credited by the operator by hand, ticket 42' });
    const again = await resolve();
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('SEAMLESS_CALL_NOT_FAILED');
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('migration 1764800000000 goes down and up again', async () => {
    const migration = new SeamlessManual1764800000000();
    const runner = h.ds.createQueryRunner();
    try {
      await migration.down(runner);
      const [manual] = await h.ds.query(
        `SELECT count(*)::int AS n FROM ledger_seamless_calls WHERE state = 'manual'`,
      );
      expect(manual.n).toBe(0);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
  });
});
