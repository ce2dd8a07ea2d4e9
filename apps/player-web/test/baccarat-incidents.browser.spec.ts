import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromiumInstalled, launchChromium } from '@casino/test-support';
import { DEALER_KEY, OPERATOR, Platform } from './platform';

// What a player sees of baccarat's incidents, in Chromium against the real platform: a card the studio dealer
// exposes while betting is open (shown at once, betting closed, marked in its hand), and an RNG session the
// service closes for inactivity after the minutes of the player's jurisdiction (its operator). Screenshots go to
// the ignored .screenshots/ (`npm run screenshots` copies them to docs/screenshots/).

const SHOTS = join(__dirname, '..', '..', '..', '.screenshots');
const describeBrowser = chromiumInstalled() || process.env.CI ? describe : describe.skip;

const STUDIO = 'bac-studio';
/** The idle minutes of the test operator's jurisdiction: 15 s, a warning 5 s before. */
const IDLE_MINUTES = 0.25;

describeBrowser('baccarat incidents in the player web client (Chromium)', () => {
  let platform: Platform;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [platform, chromium] = await Promise.all([
      Platform.start({
        // A studio table: the test is its dealer; a long betting window that only the exposed card closes.
        baccaratTables: [
          {
            id: STUDIO,
            variant: 'commission',
            currency: 'EUR',
            dealer: 'studio',
            timers: { bettingMs: 60_000 },
          },
        ],
        baccaratEnv: {
          RNG_IDLE_MINUTES_BY_OPERATOR: JSON.stringify({ [OPERATOR]: IDLE_MINUTES }),
          RNG_IDLE_WARNING_MS: '5000',
        },
      }),
      launchChromium(),
    ]);
    browser = chromium.browser;
  }, 120_000);

  afterAll(async () => {
    await chromium?.close();
    await platform?.stop();
  }, 60_000);

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1360, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  };

  const dealer = async (action: string, body: object = {}): Promise<number> => {
    const res = await fetch(`${platform.services[0].url}/dealer/tables/${STUDIO}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-dealer-key': DEALER_KEY },
      body: JSON.stringify(body),
    });
    return res.status;
  };

  it('shows a card exposed while betting is open the moment it is exposed, betting closed, and marks it in its hand', async () => {
    const page = await newPage();
    await page.goto(
      await platform.launch('exposed-player', 50_000n, 'en', { game: 'baccarat', tableId: STUDIO }),
    );
    await page.locator('[data-testid=table-baccarat]').waitFor();
    expect(await dealer('new-shoe')).toBe(200);
    await page.waitForFunction(
      () => document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'betting',
    );
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=banker]');
    await page.locator('[data-stake=banker]:not(.spot__stake--pending)').waitFor();

    // Nearly a minute of betting left: the exposed card closes it now and every player sees it.
    expect(await dealer('exposed-card', { card: '8D' })).toBe(200);
    const notice = page.locator('[data-testid=exposed-card] .exposed-notice__card[data-card="8D"]');
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.getAttribute('data-round')).toBe('this');
    expect(await page.locator('[data-testid=exposed-card]').textContent()).toContain(
      '8♦: card 1 of this round (Player). It is not burned; betting is closed.',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'dealing',
    );
    expect(await page.locator('[data-bet=player]').isDisabled()).toBe(true);
    await page.locator('[data-hand=player] [data-exposed-card="8D"]').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'baccarat-exposed-card.png') });

    // The round goes on with the scanned cards: Player 8+K = 8 beats Banker 3+4 = 7; the bet placed before stands.
    for (const card of ['3S', 'KH', '4C']) expect(await dealer('card', { card })).toBe(200);
    await page.locator('[data-testid=result][data-winner=player]').waitFor();
    await page.locator('[data-hand=player] [data-exposed-card="8D"]').waitFor();
    let booked = await platform.balance('exposed-player');
    for (let i = 0; i < 40 && booked !== 49_500n; i++) {
      await page.waitForTimeout(250);
      booked = await platform.balance('exposed-player');
    }
    expect(booked).toBe(49_500n);
    await page.context().close();
  });

  it("says when the RNG session was closed for inactivity (the operator's minutes) and continues it on a click", async () => {
    const page = await newPage();
    await page.goto(
      await platform.launch('idle-player', 20_000n, 'en', { game: 'baccarat', tableId: 'bac-rng' }),
    );
    await page.locator('[data-testid=table-rng]').waitFor();
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=player]');
    const closed = page.locator('[data-testid=session-closed]');
    await closed.waitFor({ timeout: 40_000 });
    expect(await closed.textContent()).toContain(
      'Your session was closed after 15 seconds without an action. It is saved: continue when you are ready.',
    );
    expect(await page.locator('[data-action=deal]').isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, 'rng-session-closed.png') });

    // Continue: the saved layout (the chip on Player) comes back and DEAL plays it.
    await page.click('[data-action=rejoin]');
    await closed.waitFor({ state: 'detached' });
    await page.locator('[data-stake=player]').waitFor();
    await page.click('[data-action=deal]');
    await page.locator('[data-testid=result]').waitFor();
    await page.context().close();
  });
});
