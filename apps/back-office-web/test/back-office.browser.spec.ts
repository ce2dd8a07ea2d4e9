import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumInstalled, launchChromium } from '@casino/test-support';
import { DEALER_PASSWORD, Platform } from './platform';

// The back office and the studio console in Debian's Chromium against the real ledger (serving the build at
// /back-office/) and the baccarat service: a dealer deals a round from the console, staff recall it with its cards,
// a pit boss voids a disputed round and the players' stakes come back. Screenshots go to docs/screenshots/.

const SHOTS = join(__dirname, '..', '..', '..', 'docs', 'screenshots');
const describeBrowser = chromiumInstalled() || process.env.CI ? describe : describe.skip;

describeBrowser('back office and studio console in Chromium', () => {
  let platform: Platform;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;
  let dealtRound = '';

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [platform, chromium] = await Promise.all([Platform.start(), launchChromium()]);
    browser = chromium.browser;
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await platform?.stop();
  }, 60_000);

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1360, height: 860 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  };

  const phase = (page: Page, want: string) =>
    page.waitForSelector(`.console[data-phase="${want}"]`, { timeout: 30_000 });

  const passwords = new Map<string, string>();
  /** Signs in as a staff account of `role` (made once by the platform's admin). */
  const signIn = async (page: Page, user: string, role: string, operatorId: string | null = null) => {
    if (!passwords.has(user)) passwords.set(user, await platform.createStaff(user, role, operatorId));
    await page.goto(platform.backOfficeUrl);
    await page.fill('input[name=user]', user);
    await page.fill('input[name=password]', passwords.get(user) ?? '');
    await page.click('button[type=submit]');
    await page.waitForSelector('.topbar');
  };

  it('as a dealer, deals a baccarat round from the studio console and sees its result', async () => {
    const page = await newPage();
    await page.goto(platform.studioUrl);
    await page.fill('input[name=dealerId]', 'ana');
    await page.fill('input[name=password]', DEALER_PASSWORD);
    await page.click('button[type=submit]');
    await page.click('button[data-table="bac-studio"]');
    await phase(page, 'waiting-shoe');
    await page.click('text=New shoe');
    await phase(page, 'betting');
    await phase(page, 'dealing');
    dealtRound = (await page.textContent('.console__state dd.mono'))?.trim() ?? '';
    expect(dealtRound).toMatch(/\S/);
    // A scanner types the code and Enter; a wrong scan is retracted with Rescan.
    const scan = page.locator('input[name=scan]');
    for (const card of ['4s', 'QH']) {
      await scan.fill(card);
      await scan.press('Enter');
      await page.waitForSelector(`.hands [data-card="${card.toUpperCase()}"]`);
    }
    await page.click('text=Rescan last card');
    await page.waitForSelector('.hands [data-card="QH"]', { state: 'detached' });
    await scan.fill('ZZ');
    await scan.press('Enter');
    await page.waitForSelector('text=Not a card code: ZZ');
    for (const card of ['KS', '5S', '8S']) {
      await scan.fill(card);
      await scan.press('Enter');
      await page.waitForSelector(`.hands [data-card="${card}"]`);
    }
    // Player 4+5 = 9, Banker K+8 = 8: naturals, the result at the fourth card.
    await phase(page, 'result');
    expect(await page.textContent('.hand--player .hand__name')).toContain('9');
    expect(await page.textContent('.hand--banker .hand__name')).toContain('8');
    await page.screenshot({ path: join(SHOTS, 'studio-console.png') });
    await page.context().close();
  });

  it('recalls the dealt round in the back office with its cards in order', async () => {
    expect(dealtRound).not.toBe('');
    // The ledger settles the round from the service's RoundResult.
    const deadline = Date.now() + 20_000;
    while (
      (await platform.api<{ status: string }>(`/tables/bac-studio/rounds/${dealtRound}`)).status !== 'settled'
    ) {
      if (Date.now() > deadline) throw new Error('round never settled');
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await newPage();
    await signIn(page, 'sam.support', 'support');
    await page.click('text=Round recall');
    await page.fill('input[name=table]', 'bac-studio');
    await page.fill('input[name=round]', dealtRound);
    await page.click('form.toolbar button[type=submit]');
    await page.waitForSelector('.round .badge--settled');
    const cards = await page.$$eval('.round .hands [data-card]', (els) =>
      els.map((e) => e.getAttribute('data-card')),
    );
    expect(cards).toEqual(['4S', '5S', 'KS', '8S']);
    expect(await page.textContent('.round p.mono')).toBe('4S KS 5S 8S');
    await page.screenshot({ path: join(SHOTS, 'back-office-round.png'), fullPage: true });
    await page.context().close();
  });

  it('as a pit boss, voids a disputed round with a reason and the stakes are refunded', async () => {
    const players: [string, string] = ['disp-p1', 'disp-p2'];
    const round = await platform.disputedRound(players);
    expect(await platform.balance(players[0])).toBe(9_500n);
    expect(await platform.balance(players[1])).toBe(9_700n);
    const page = await newPage();
    await signIn(page, 'pat.pitboss', 'pit_boss');
    await page.click('text=Disputed & stuck');
    const row = page.locator(`tr[data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('disputed');
    await page.screenshot({ path: join(SHOTS, 'back-office-disputed.png') });
    await row.locator('text=Void').click();
    await page.click('text=Confirm');
    await page.waitForSelector('text=A reason is required');
    await page.fill('textarea[name=reason]', 'engine refused the cards, ticket OPS-7');
    await page.click('text=Confirm');
    await page.waitForSelector(`text=Round ${round.roundId}: voided`);
    await row.waitFor({ state: 'detached' });
    expect(await platform.balance(players[0])).toBe(10_000n);
    expect(await platform.balance(players[1])).toBe(10_000n);
    // The refunds as the pit boss sees them in the round's recall: voided, every bet refunded.
    await page.goto(`${platform.backOfficeUrl}#/rounds/${round.tableId}/${round.roundId}`);
    await page.waitForSelector('.round .badge--voided');
    const statuses = await page.$$eval('.round tbody tr td:nth-child(4)', (els) =>
      els.map((e) => e.textContent),
    );
    expect(statuses).toEqual(['refunded', 'refunded']);
    await page.screenshot({ path: join(SHOTS, 'back-office-voided.png') });
    const audit = await platform.api<
      { items?: { actor: string; reason: string }[] } | { actor: string; reason: string }[]
    >(`/rounds/${round.tableId}/${round.roundId}/interventions`);
    const lines = Array.isArray(audit) ? audit : (audit.items ?? []);
    expect(lines[0]).toMatchObject({
      actor: 'pat.pitboss',
      reason: 'engine refused the cards, ticket OPS-7',
    });
    await page.context().close();
  });

  it("as finance, sees today's GGR equal to what the ledger booked and exports a CSV with the same totals", async () => {
    const booked = await platform.settledRound(['fin-p1', 'fin-p2']);
    expect(booked).toBe(-200n); // 800 staked, 1000 returned (Player's 500 paid even money)
    const page = await newPage();
    await signIn(page, 'fin.finance', 'finance');
    const ggr = page.locator('[data-kpi=today-ggr]');
    await ggr.waitFor();
    await page.waitForSelector('.report, .error', { timeout: 15_000 });
    const shown = await page.locator('.error').allTextContents();
    expect(shown).toEqual([]);
    await page.waitForFunction(() =>
      document.querySelector('[data-kpi=today-ggr]')?.hasAttribute('data-minor'),
    );
    expect(await ggr.getAttribute('data-minor')).toBe(booked.toString());
    expect(await ggr.textContent()).toContain('-€2.00');
    await page.waitForSelector('.chart canvas');
    // Two samples of the ledger's counter make the first live point.
    await page.waitForFunction(
      () => document.querySelector('[data-kpi=bets-per-minute] strong')?.textContent !== '—',
      null,
      { timeout: 15_000 },
    );
    await page.screenshot({ path: join(SHOTS, 'back-office-dashboard.png') });
    const total = page.locator('.report tfoot tr[data-total=EUR]');
    expect(await total.getAttribute('data-ggr')).toBe(booked.toString());
    await page.locator('.report').screenshot({ path: join(SHOTS, 'back-office-report.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Export CSV')]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
      .trim()
      .split(/\r?\n/);
    const header = csv[0].split(',');
    const rows = csv.slice(1).map((line) => line.split(','));
    const sum = (column: string) => rows.reduce((s, r) => s + BigInt(r[header.indexOf(column)]), 0n);
    expect(sum('ggr')).toBe(booked);
    expect(sum('turnover')).toBe(800n);
    expect(sum('wins')).toBe(1000n);
    await page.context().close();
  });

  it("keeps a support user of operator A away from operator B's players", async () => {
    await platform.createOperator('op-a');
    await platform.createOperator('op-b');
    await platform.ledger.deposit('op-a', 'alice', 'EUR', 4_200n);
    await platform.ledger.deposit('op-b', 'bob', 'EUR', 7_700n);
    const page = await newPage();
    await signIn(page, 'sue.support', 'support', 'op-a');
    expect(await page.textContent('.topbar nav')).not.toContain('Disputed');
    await page.goto(`${platform.backOfficeUrl}#/players/op-a/alice`);
    expect(await page.textContent('.balances [data-currency=EUR]')).toContain('42.00');
    await page.goto(`${platform.backOfficeUrl}#/players/op-b/bob`);
    await page.waitForSelector('text=OPERATOR_FORBIDDEN');
    expect(await page.locator('.balances').count()).toBe(0);
    await page.context().close();
  });

  it('lists the table catalogue', async () => {
    const page = await newPage();
    await signIn(page, 'pat.pitboss', 'pit_boss');
    await page.click('text=Tables');
    await page.waitForSelector('tr[data-table="bac-studio"]');
    expect(await page.textContent('tr[data-table="bac-disputes"]')).toContain('open');
    await page.screenshot({ path: join(SHOTS, 'back-office-tables.png') });
    await page.context().close();
  });
});
