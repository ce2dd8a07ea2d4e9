import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { formatMoney } from '@packages/wallet/src/money-display';
import { DEALER_PASSWORD, Platform, STUDIO_GAMES_TABLES } from './platform';

// The back office and the studio console in Debian's Chromium against the real ledger (serving the build at
// /back-office/) and the baccarat service: a dealer deals a round from the console, staff recall it with its cards,
// a pit boss voids a disputed round and the players' stakes come back. Screenshots go to the
// ignored .screenshots/ (`npm run screenshots` copies them to docs/screenshots/).

describeBrowser('back office and studio console in Chromium', () => {
  const ui = platformInChromium(() => Platform.start({ studioGames: true }));
  const newPage = () => ui.newPage({ viewport: { width: 1360, height: 860 } });
  let dealtRound = '';
  /** Σ(staked − returned) of every round this file has settled (the studio round has no bets). */
  let bookedToday = 0n;

  const phase = (page: Page, want: string) =>
    page.waitForSelector(`.console[data-phase="${want}"]`, { timeout: 30_000 });

  const passwords = new Map<string, string>();
  /** Signs in as a staff account of `role` (made once by the platform's admin). */
  const signIn = async (page: Page, user: string, role: string, operatorId: string | null = null) => {
    if (!passwords.has(user)) passwords.set(user, await ui.platform.createStaff(user, role, operatorId));
    await page.goto(ui.platform.backOfficeUrl);
    await page.fill('input[name=user]', user);
    await page.fill('input[name=password]', passwords.get(user) ?? '');
    await page.click('button[type=submit]');
    await page.waitForSelector('.topbar');
  };

  it('as a dealer, deals a baccarat round from the studio console and sees its result', async () => {
    const page = await newPage();
    await page.goto(ui.platform.studioUrl);
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
    await page.screenshot({ path: join(SCREENSHOTS, 'studio-console.png') });
    // A card turned up after the round: reported, it waits as the next round's first card (not burned).
    await page.fill('input[name=exposedCard]', '9c');
    await page.click('text=Report exposed card');
    await page.waitForSelector('[data-testid=exposed-waiting]:has-text("9C (next #1)")');
    await page.context().close();
  });

  it('recalls the dealt round in the back office with its cards in order', async () => {
    expect(dealtRound).not.toBe('');
    // The ledger settles the round from the service's RoundResult.
    const deadline = Date.now() + 20_000;
    while (
      (await ui.platform.api<{ status: string }>(`/tables/bac-studio/rounds/${dealtRound}`)).status !==
      'settled'
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
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-round.png'), fullPage: true });
    await page.context().close();
  });

  it('as a pit boss, voids a disputed round with a reason and the stakes are refunded', async () => {
    const players: [string, string] = ['disp-p1', 'disp-p2'];
    const round = await ui.platform.disputedRound(players);
    expect(await ui.platform.balance(players[0])).toBe(9_500n);
    expect(await ui.platform.balance(players[1])).toBe(9_700n);
    const page = await newPage();
    await signIn(page, 'pat.pitboss', 'pit_boss');
    await page.click('text=Disputed & stuck');
    const row = page.locator(`tr[data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('disputed');
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-disputed.png') });
    await row.locator('text=Void').click();
    await page.click('text=Confirm');
    await page.waitForSelector('text=A reason is required');
    await page.fill('textarea[name=reason]', 'engine refused the cards, ticket OPS-7');
    await page.click('text=Confirm');
    await page.waitForSelector(`text=Round ${round.roundId}: voided`);
    await row.waitFor({ state: 'detached' });
    expect(await ui.platform.balance(players[0])).toBe(10_000n);
    expect(await ui.platform.balance(players[1])).toBe(10_000n);
    // The refunds as the pit boss sees them in the round's recall: voided, every bet refunded.
    await page.goto(`${ui.platform.backOfficeUrl}#/rounds/${round.tableId}/${round.roundId}`);
    await page.waitForSelector('.round .badge--voided');
    const statuses = await page.$$eval('.round tbody tr td:nth-child(4)', (els) =>
      els.map((e) => e.textContent),
    );
    expect(statuses).toEqual(['refunded', 'refunded']);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-voided.png') });
    const audit = await ui.platform.api<
      { items?: { actor: string; reason: string }[] } | { actor: string; reason: string }[]
    >(`/rounds/${round.tableId}/${round.roundId}/interventions`);
    const lines = Array.isArray(audit) ? audit : (audit.items ?? []);
    expect(lines[0]).toMatchObject({
      actor: 'pat.pitboss',
      reason: 'engine refused the cards, ticket OPS-7',
    });
    await page.context().close();
  });

  it('as a pit boss, approves a void the ledger held after betting closed: applied, the stakes refunded', async () => {
    const players: [string, string] = ['held-p1', 'held-p2'];
    const round = await ui.platform.heldVoid(players);
    expect(await ui.platform.balance(players[0])).toBe(9_500n);
    const page = await newPage();
    await signIn(page, 'pia.pitboss', 'pit_boss');
    await page.click('.topbar nav >> text=Voids');
    const row = page.locator(`[data-list=held-voids] tr[data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('pending');
    await row.locator('text=Approve void').click();
    await page.fill('textarea[name=reason]', 'card 4 dropped face up, ticket OPS-77');
    await page.click('text=Confirm');
    await page.waitForSelector(`text=Approved ${round.roundId}`);
    await page.locator(`[data-list=void-approvals] tr[data-round="${round.roundId}"]`).waitFor();
    await row.locator('text=applied').waitFor();
    expect(await ui.platform.balance(players[0])).toBe(10_000n);
    expect(await ui.platform.balance(players[1])).toBe(10_000n);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-held-void.png') });
    await page.context().close();
  });

  it("as finance, sees today's GGR equal to what the ledger booked and exports a CSV with the same totals", async () => {
    const booked = await ui.platform.settledRound(['fin-p1', 'fin-p2']);
    expect(booked).toBe(-200n); // 800 staked, 1000 returned (Player's 500 paid even money)
    bookedToday += booked;
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
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-dashboard.png') });
    const total = page.locator('.report tfoot tr[data-total=EUR]');
    expect(await total.getAttribute('data-ggr')).toBe(booked.toString());
    await page.locator('.report').screenshot({ path: join(SCREENSHOTS, 'back-office-report.png') });
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

  it('as finance, reads the summary by game and its CSV, ranks players and follows a voided round to its recall', async () => {
    bookedToday += await ui.platform.settledRound(['rep-p1', 'rep-p2']);
    // A round voided today: its refunded stakes are never turnover, but it is listed with its reason.
    const voided = await ui.platform.disputedRound(['rep-p3', 'rep-p4']);
    await ui.platform.api(`/rounds/${voided.tableId}/${voided.roundId}/void`, {
      method: 'POST',
      body: { actor: 'system', reason: 'engine refused the cards, ticket OPS-9' },
    });
    const page = await newPage();
    await signIn(page, 'fin.finance', 'finance');
    await page.click('.topbar nav >> text=Reports');
    // Today (UTC), grouped by game over the whole range: the baccarat row and the total are what was booked.
    const baccarat = page.locator('.report tbody tr[data-group=baccarat]');
    await baccarat.waitFor();
    expect(await page.locator('.error').allTextContents()).toEqual([]);
    expect(await baccarat.getAttribute('data-ggr')).toBe(bookedToday.toString());
    const total = page.locator('.report tfoot tr[data-total=EUR]');
    expect(await total.getAttribute('data-ggr')).toBe(bookedToday.toString());
    expect(await total.textContent()).toContain(formatMoney(bookedToday, 'EUR', 'en'));
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-reports.png') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('.report >> text=Export CSV'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^summary-by-game-.*\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
      .trim()
      .split(/\r?\n/);
    const header = csv[0].split(',');
    const rows = csv.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => r[header.indexOf('group')])).toEqual(['baccarat']);
    const sum = (column: string) => rows.reduce((s, r) => s + BigInt(r[header.indexOf(column)]), 0n);
    expect(sum('ggr')).toBe(bookedToday);
    expect(sum('turnover') - sum('wins')).toBe(bookedToday);

    // Top players: each links to the player's page.
    await page.click('.tabs >> text=Top players');
    const topPlayer = page.locator('.report tr[data-player=rep-p1] a');
    await topPlayer.waitFor();
    expect(await topPlayer.getAttribute('href')).toBe('#/players/op-bo/rep-p1');

    // Voided and disputed rounds: the voided one with its reason, linked to its recall.
    await page.click('.tabs >> text=Voided & disputed rounds');
    const row = page.locator(`.report tr[data-round="${voided.roundId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('voided');
    // The ledger's void reason code, and the problem that disputed the round.
    expect(await row.textContent()).toContain('cancelled');
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-rounds-report.png') });

    // Bet search by table and round: both bets of the voided round, refunded.
    await page.click('.tabs >> text=Bet search');
    await page.fill('.report input[name=table]', voided.tableId);
    await page.fill('.report input[name=round]', voided.roundId);
    await page.click('.report button[type=submit]');
    await page.waitForSelector('.report tr[data-bet]');
    const statuses = await page.$$eval('.report tr[data-bet] .badge', (els) => els.map((e) => e.textContent));
    expect(statuses).toEqual(['refunded', 'refunded']);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-bet-search.png') });

    await page.click('.tabs >> text=Voided & disputed rounds');
    await page.click(`.report tr[data-round="${voided.roundId}"] a`);
    await page.waitForSelector('.round .badge--voided');
    expect(await page.evaluate(() => window.location.hash)).toBe(
      `#/rounds/${voided.tableId}/${voided.roundId}`,
    );
    await page.context().close();
  });

  it('as finance, reads the figures converted into EUR and USD, puts the missing USD rate and sees it counted', async () => {
    bookedToday += await ui.platform.settledRound(['conv-p1', 'conv-p2']);
    const today = new Date().toISOString().slice(0, 10);
    const page = await newPage();
    await signIn(page, 'fin.finance', 'finance');
    await page.click('.topbar nav >> text=Reports');
    await page.click('.tabs >> text=Converted');
    // Into EUR: today's EUR row at rate 1, its GGR converted as is, nothing missing.
    const eur = page.locator(`.converted tr[data-day="${today}"][data-currency=EUR]`);
    await eur.waitFor();
    expect(await page.locator('.error').allTextContents()).toEqual([]);
    expect(await eur.getAttribute('data-rate')).toBe('1');
    const total = page.locator('.converted tfoot tr');
    expect(await total.getAttribute('data-total')).toBe('EUR');
    expect(await total.getAttribute('data-ggr')).toBe(bookedToday.toString());
    expect(await total.textContent()).toContain(formatMoney(bookedToday, 'EUR', 'en'));
    expect(await page.locator('[data-testid=missing-rates]').count()).toBe(0);

    // Into USD: no EUR→USD rate for today yet, so the day is named and left out of the totals.
    await page.fill('.converted input[name=in]', 'usd');
    await page.click('.converted button[type=submit]');
    const warning = page.locator('[data-testid=missing-rates]');
    await warning.waitFor();
    expect(await warning.locator(`li[data-day="${today}"]`).textContent()).toBe(`${today}: EUR`);
    expect(await total.getAttribute('data-total')).toBe('USD');
    expect(await total.getAttribute('data-ggr')).toBe('0');
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-converted-missing.png'), fullPage: true });

    // The rate form starts on the missing day and currency; a float-looking rate is refused before sending.
    const form = page.locator('form.rates');
    expect(await form.locator('input[name=quote]').inputValue()).toBe('USD');
    expect(await form.locator('input[name=rateDay]').inputValue()).toBe(today);
    expect(await form.locator('input[name=currency-0]').inputValue()).toBe('EUR');
    await form.locator('input[name=rate-0]').fill('1.08e0');
    await form.locator('textarea[name=rateReason]').fill('ECB reference rate, ticket FIN-12');
    await form.locator('button[type=submit]').click();
    await form.locator('.error:has-text("not a decimal")').waitFor();
    await form.locator('input[name=rate-0]').fill('1.0800');
    await form.locator('button[type=submit]').click();
    await form.locator(`.notice:has-text("Rates of ${today} into USD saved")`).waitFor();
    // The report reloads: the rate listed as the ledger keeps it, the warning gone, the GGR counted at 1.08.
    const usd = page.locator(`.converted tr[data-day="${today}"][data-currency=EUR][data-rate="1.08"]`);
    await usd.waitFor();
    await warning.waitFor({ state: 'detached' });
    expect((bookedToday * 108n) % 100n).toBe(0n); // every round books a multiple of a euro: no rounding here
    const inUsd = (bookedToday * 108n) / 100n;
    expect(await total.getAttribute('data-ggr')).toBe(inUsd.toString());
    expect(await total.textContent()).toContain(formatMoney(inUsd, 'USD', 'en'));
    const stored = await ui.platform.api<{ day: string; rates: Record<string, string> }[]>(
      `/back-office/exchange-rates?quote=USD&from=${today}&to=${today}`,
    );
    expect(stored).toEqual([{ day: today, quote: 'USD', rates: { EUR: '1.08' } }]);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-converted.png'), fullPage: true });
    await page.context().close();
  });

  it('as an admin, creates an operator, issues a key shown once, revokes it and suspends the operator', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'ada.admin', 'admin');
    await page.click('.topbar nav >> text=Operators');
    const form = page.locator('form[aria-label="Create an operator"]');
    await form.locator('input[name=operatorId]').fill('op-new');
    await form.locator('input[name=name]').fill('Casino Nuevo');
    await form.locator('input[name=currencies]').fill('EUR, gbp');
    await form.locator('select[name=walletMode]').selectOption('seamless');
    await form.locator('input[name=reason]').fill('onboarding ticket OPS-12');
    await form.locator('button[type=submit]').click();
    // Seamless without its wallet URL: refused in the page, nothing sent.
    await form.locator('text=A seamless operator needs its wallet URL').waitFor();
    await form.locator('input[name=walletUrl]').fill('https://wallet.casino-nuevo.example/api');
    // Its wallet answers the protocol's version 2: a call per bet slip and per round.
    await form.locator('select[name=walletProtocol]').selectOption('2');
    await form.locator('button[type=submit]').click();

    // The first key's secret, once.
    const box = page.locator('.secret-box');
    await box.waitFor();
    expect(await box.textContent()).toContain('will not be shown again');
    const firstKey = (await box.getAttribute('data-key')) ?? '';
    const firstSecret = ((await box.locator('[data-secret]').textContent()) ?? '').trim();
    expect(firstSecret.length).toBeGreaterThanOrEqual(20);
    const row = page.locator('tr[data-operator=op-new]');
    await row.locator(`li[data-key="${firstKey}"][data-status=active]`).waitFor();
    expect(await row.textContent()).toContain('EUR, GBP');
    expect(await row.textContent()).toContain('https://wallet.casino-nuevo.example/api');
    await row.locator('[data-protocol="2"]').waitFor();
    await box.locator('text=I have stored it').click();
    await box.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(firstSecret);

    // Another key: a reason is asked for, the new secret shown once and copied.
    await row.locator('text=Issue key').click();
    const dialog = page.locator('[role=dialog]');
    await dialog.locator('text=Confirm').click();
    await dialog.locator('text=A reason is required').waitFor();
    await dialog.locator('textarea[name=reason]').fill('key rotation, ticket OPS-13');
    await dialog.locator('text=Confirm').click();
    await box.waitFor();
    const secondKey = (await box.getAttribute('data-key')) ?? '';
    const secondSecret = ((await box.locator('[data-secret]').textContent()) ?? '').trim();
    expect(secondKey).not.toBe(firstKey);
    expect(secondSecret).not.toBe(firstSecret);
    await row.locator(`li[data-key="${secondKey}"][data-status=active]`).waitFor();
    await box.locator('text=Copy secret').click();
    await box.locator('text=Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secondSecret);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-operators.png'), fullPage: true });
    // Gone with the page: the list never carries a secret.
    await page.reload();
    await row.locator(`li[data-key="${secondKey}"]`).waitFor();
    expect(await page.content()).not.toContain(secondSecret);
    expect(await box.count()).toBe(0);

    // Back to version 1 (its wallet is not ready), with a reason.
    await row.locator('text=switch to v1').click();
    await dialog.locator('textarea[name=reason]').fill('its wallet answers v1 only, ticket OPS-16');
    await dialog.locator('text=Confirm').click();
    await row.locator('[data-protocol="1"]').waitFor();

    // Revoke the new key, then suspend the operator, each with its reason.
    await row.locator(`li[data-key="${secondKey}"] >> text=Revoke`).click();
    await dialog.locator('textarea[name=reason]').fill('sent by mistake, ticket OPS-14');
    await dialog.locator('text=Confirm').click();
    await row.locator(`li[data-key="${secondKey}"][data-status=revoked]`).waitFor();
    await row.locator('text=Suspend').click();
    expect(await dialog.textContent()).toContain('signed out');
    await dialog.locator('textarea[name=reason]').fill('unpaid invoices, ticket OPS-15');
    await dialog.locator('text=Confirm').click();
    await page.locator('tr[data-operator=op-new][data-status=suspended]').waitFor();
    await row.locator('text=Reactivate').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-operators-suspended.png'), fullPage: true });

    // The ledger agrees, and its audit names the admin and each reason.
    const operators = await ui.platform.api<
      {
        operatorId: string;
        status: string;
        walletMode: string;
        walletProtocol: number;
        keys: { keyId: string; status: string }[];
      }[]
    >('/back-office/operators');
    const made = operators.find((o) => o.operatorId === 'op-new');
    expect(made).toMatchObject({ status: 'suspended', walletMode: 'seamless', walletProtocol: 1 });
    expect(made?.keys.map((k) => [k.keyId, k.status])).toEqual([
      [firstKey, 'active'],
      [secondKey, 'revoked'],
    ]);
    const audit = await ui.platform.api<{ actor: string; action: string; reason: string }[]>(
      '/back-office/audit?target=operator/op-new',
    );
    expect(audit.map((a) => [a.actor, a.action, a.reason])).toEqual([
      ['ada.admin', 'operator.suspend', 'unpaid invoices, ticket OPS-15'],
      ['ada.admin', 'operator.key.revoke', 'sent by mistake, ticket OPS-14'],
      ['ada.admin', 'operator.wallet-protocol', 'its wallet answers v1 only, ticket OPS-16'],
      ['ada.admin', 'operator.key.issue', 'key rotation, ticket OPS-13'],
      ['ada.admin', 'operator.create', 'onboarding ticket OPS-12'],
    ]);
    await page.context().close();
  });

  it("keeps a support user of operator A away from operator B's players, reports and the registry", async () => {
    await ui.platform.createOperator('op-a');
    await ui.platform.createOperator('op-b');
    await ui.platform.ledger.deposit('op-a', 'alice', 'EUR', 4_200n);
    await ui.platform.ledger.deposit('op-b', 'bob', 'EUR', 7_700n);
    const page = await newPage();
    await signIn(page, 'sue.support', 'support', 'op-a');
    expect(await page.textContent('.topbar nav')).not.toContain('Disputed');
    await page.goto(`${ui.platform.backOfficeUrl}#/players/op-a/alice`);
    expect(await page.textContent('.balances [data-currency=EUR]')).toContain('42.00');
    await page.goto(`${ui.platform.backOfficeUrl}#/players/op-b/bob`);
    await page.waitForSelector('text=OPERATOR_FORBIDDEN');
    expect(await page.locator('.balances').count()).toBe(0);
    // Neither page is offered, and a typed address is refused by the page (and by the ledger).
    const nav = await page.textContent('.topbar nav');
    expect(nav).not.toContain('Reports');
    expect(nav).not.toContain('Operators');
    for (const hash of ['#/reports', '#/operators']) {
      await page.goto(`${ui.platform.backOfficeUrl}${hash}`);
      await page.waitForSelector('text=Your role does not open this page.');
      expect(await page.locator('.report, .operators, .secret-box').count()).toBe(0);
    }
    // Operator B's bets on a shared table: a table search of A's support user lists none of them.
    await ui.platform.settledRound(['bob-1', 'bob-2'], 'op-b');
    const asSue = (path: string) =>
      page.evaluate(async (p) => {
        const session = JSON.parse(sessionStorage.getItem('casino.back-office.session') ?? '{}') as {
          token?: string;
        };
        const res = await fetch(p, { headers: { authorization: `Bearer ${session.token}` } });
        return { status: res.status, body: (await res.json()) as { code?: string; items?: unknown[] } };
      }, path);
    const search = await asSue('/back-office/bets?table=bac-disputes&limit=1000');
    expect(search.status).toBe(200);
    expect((search.body.items as { operatorId: string }[]).filter((b) => b.operatorId !== 'op-a')).toEqual(
      [],
    );
    expect((await asSue('/back-office/bets?operator=op-b&player=bob-1')).body.code).toBe(
      'OPERATOR_FORBIDDEN',
    );
    expect((await asSue('/back-office/reports/summary?by=operator')).status).toBe(403);
    expect((await asSue('/back-office/operators')).status).toBe(403);
    // The ledger's own answer for platform staff: operator B's bets are there.
    const all = await ui.platform.api<{ items: { operatorId: string }[] }>(
      '/back-office/bets?operator=op-b&player=bob-1',
    );
    expect(all.items.map((b) => b.operatorId)).toEqual(['op-b']);
    await page.context().close();
  });

  // The studio games (apps/studio-games-service, on the same platform): a dealer enters a round's result at the
  // console, support recalls it; automatic rounds are recalled with their seeds or their shoe's commitment.
  let sicBoRound = '';

  /** Waits until the ledger has settled the round (it settles a round without bets too). */
  const settled = async (tableId: string, roundId: string) => {
    for (const deadline = Date.now() + 20_000; ;) {
      const round = await ui.platform
        .api<{ status: string }>(`/tables/${tableId}/rounds/${roundId}`)
        .catch(() => null);
      if (round?.status === 'settled') return;
      if (Date.now() > deadline) throw new Error(`${tableId}/${roundId} never settled`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  /** The latest finished round of an automatic table, from the service's public view of it. */
  const lastAutoRound = async (tableId: string): Promise<string> => {
    const url = `${ui.platform.studioGames?.url}/tables/${tableId}`;
    for (const deadline = Date.now() + 20_000; ;) {
      const view = (await (await fetch(url)).json()) as { history: { roundId: string }[] };
      const last = view.history.at(-1)?.roundId;
      if (last) return last;
      if (Date.now() > deadline) throw new Error(`no round finished at ${tableId}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const recall = async (page: Page, tableId: string, roundId: string) => {
    await page.click('text=Round recall');
    await page.fill('input[name=table]', tableId);
    await page.fill('input[name=round]', roundId);
    await page.click('form.toolbar button[type=submit]');
    await page.waitForSelector('.round .badge--settled');
  };

  it('as a studio dealer, shakes again and enters Sic Bo dice, deals Dragon Tiger cards, needs an approval to void', async () => {
    const page = await newPage();
    await page.goto(ui.platform.studioUrl);
    await page.selectOption('select[name=game]', 'sicBo');
    await page.fill('input[name=dealerId]', 'sia');
    await page.fill('input[name=password]', DEALER_PASSWORD);
    await page.click('button[type=submit]');
    await page.click(`button[data-table="${STUDIO_GAMES_TABLES.sicBo}"]`);
    // Betting closes by itself; the round waits for the dealer's dice.
    await phase(page, 'drawing');
    sicBoRound = (await page.textContent('.console__state dd.mono'))?.trim() ?? '';
    expect(sicBoRound).toMatch(/\S/);
    await page.click('text=Shake again');
    await page.waitForSelector('[data-testid=last-action]:has-text("redraw — ok")');
    expect(await page.isDisabled('text=Enter result')).toBe(true);
    for (const [i, face] of ['2', '4', '6'].entries()) await page.fill(`input[name=die${i + 1}]`, face);
    await page.click('text=Enter result');
    await phase(page, 'result');
    await page.waitForSelector('.console .die[data-die="6"]');
    expect(await page.textContent('[data-testid=dice-total]')).toContain('total 12');
    await page.screenshot({ path: join(SCREENSHOTS, 'studio-console-sicbo.png') });

    // The next round: betting closed, a void without a pit boss's approval is refused.
    await phase(page, 'drawing');
    await page.click('text=Void round');
    await page.waitForSelector('[data-testid=last-action]:has-text("VOID_NEEDS_APPROVAL")');
    for (const [i, face] of ['5', '5', '1'].entries()) await page.fill(`input[name=die${i + 1}]`, face);
    await page.click('text=Enter result');
    await phase(page, 'result');

    // The same dealer's Dragon Tiger table: each card named by its side, the king beats the two. The console's key
    // is registered for the table (docs/dealers.md#signed-results): the ledger settles the round only because the
    // console signed each card at its index and the service passed the signatures on.
    await page.click('text=Tables');
    await page.click(`button[data-table="${STUDIO_GAMES_TABLES.dragonTiger}"]`);
    await phase(page, 'drawing');
    await page.click('text=Create signing key');
    const keyBox = page.locator('textarea[name=studioPublicKey]');
    await keyBox.waitFor();
    await ui.platform.api(`/tables/${STUDIO_GAMES_TABLES.dragonTiger}/result-key`, {
      method: 'PUT',
      body: { publicKey: await keyBox.inputValue(), reason: 'studio games console' },
    });
    const dragonTigerRound = (await page.textContent('.console__state dd.mono'))?.trim() ?? '';
    expect(await page.textContent('.studio-entry')).toContain("Dragon's card");
    await page.fill('input[name=card1]', 'ks');
    await page.fill('input[name=card2]', '2h');
    await page.click('text=Enter result');
    await phase(page, 'result');
    expect(await page.textContent('.console [data-testid=winner]')).toBe('Dragon wins');
    await settled(STUDIO_GAMES_TABLES.dragonTiger, dragonTigerRound);
    await page.screenshot({ path: join(SCREENSHOTS, 'studio-console-dragon-tiger.png') });
    await page.context().close();
  });

  it('recalls the Sic Bo round the dealer entered with its three dice and their total', async () => {
    expect(sicBoRound).not.toBe('');
    await settled(STUDIO_GAMES_TABLES.sicBo, sicBoRound);
    const page = await newPage();
    await signIn(page, 'sam.support', 'support');
    await recall(page, STUDIO_GAMES_TABLES.sicBo, sicBoRound);
    const dice = await page.$$eval('.round .die', (els) => els.map((e) => e.getAttribute('data-die')));
    expect(dice).toEqual(['2', '4', '6']);
    expect(await page.textContent('.round [data-testid=dice-total]')).toBe('2 + 4 + 6 = total 12');
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-round-sicbo.png'), fullPage: true });
    await page.context().close();
  });

  it('recalls an automatic Fan Tan round with its bead count and seeds, a Dragon Tiger one with its shoe', async () => {
    const fanTan = await lastAutoRound(STUDIO_GAMES_TABLES.fanTanAuto);
    const dragonTiger = await lastAutoRound(STUDIO_GAMES_TABLES.dragonTigerAuto);
    await settled(STUDIO_GAMES_TABLES.fanTanAuto, fanTan);
    await settled(STUDIO_GAMES_TABLES.dragonTigerAuto, dragonTiger);
    const page = await newPage();
    await signIn(page, 'sam.support', 'support');

    await recall(page, STUDIO_GAMES_TABLES.fanTanAuto, fanTan);
    const stored = await ui.platform.api<{
      result: { count: number; result: number; fair: { serverSeed: string } };
    }>(`/tables/${STUDIO_GAMES_TABLES.fanTanAuto}/rounds/${fanTan}`);
    expect(await page.textContent('[data-testid=bead-count]')).toBe(String(stored.result.count));
    expect(await page.textContent('[data-testid=bead-result]')).toBe(String(stored.result.result));
    expect(await page.textContent('[data-testid=server-seed]')).toBe(stored.result.fair.serverSeed);
    // The commitment shown is the hash of the revealed seed, as the table published it before betting.
    const hash = createHash('sha256').update(stored.result.fair.serverSeed, 'ascii').digest('hex');
    await page.waitForSelector(`[data-testid=seed-hash]:has-text("${hash}")`);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-round-fantan.png'), fullPage: true });

    await recall(page, STUDIO_GAMES_TABLES.dragonTigerAuto, dragonTiger);
    const dt = await ui.platform.api<{ shoe: { hash: string }; result: { cards: string[] } }>(
      `/tables/${STUDIO_GAMES_TABLES.dragonTigerAuto}/rounds/${dragonTiger}`,
    );
    expect(
      await page.$$eval('.round [data-side]', (els) => els.map((e) => e.getAttribute('data-side'))),
    ).toEqual(['Dragon', 'Tiger']);
    const cards = await page.$$eval('.round [data-side] [data-card]', (els) =>
      els.map((e) => e.getAttribute('data-card')),
    );
    expect(cards).toEqual(dt.result.cards);
    expect(await page.textContent('.round [data-testid=winner]')).toMatch(/^(Dragon wins|Tiger wins|Tie)$/);
    expect(await page.textContent('.round .facts')).toContain(dt.shoe.hash);
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-round-dragon-tiger.png'), fullPage: true });
    await page.context().close();
  });

  it('lists the table catalogue', async () => {
    const page = await newPage();
    await signIn(page, 'pat.pitboss', 'pit_boss');
    await page.click('text=Tables');
    await page.waitForSelector('tr[data-table="bac-studio"]');
    expect(await page.textContent('tr[data-table="bac-disputes"]')).toContain('open');
    // The dealer's language, which operators' lobbies read from the catalogue: copied into the form, set, saved.
    await page.click('tr[data-table="bac-studio"] >> text=Copy into the form');
    await page.fill('input[name=dealerLanguage]', 'tr');
    await page.fill('form input[name=reason]', 'a Turkish-speaking dealer this shift');
    await page.click('form >> button[type=submit]');
    await page.waitForSelector('tr[data-table="bac-studio"] >> text=· tr');
    expect(
      (await ui.platform.api<{ dealerLanguage: string | null }>('/tables/bac-studio')).dealerLanguage,
    ).toBe('tr');
    await page.screenshot({ path: join(SCREENSHOTS, 'back-office-tables.png') });
    await page.context().close();
  });
});
