import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { balanceShown, bettingWindow } from './page-waits';
import { Platform } from './platform';

// A round of baccarat, roulette, blackjack and RNG baccarat played on a phone held upright (390×844, touch), in
// Debian's Chromium against the real ledger and game services: a chip on a spot, the result, and the balance the
// page shows equal to what the ledger booked. The four tables are played side by side by four players. (The
// desktop rounds are player-web.browser.spec.ts's, the studio games' studio-games.browser.spec.ts's.) Screenshots
// go to the ignored .screenshots/<game>-phone-played.png.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const BEFORE = 100_000n;

describeBrowser('a round of each game on a phone in Chromium', () => {
  const ui = platformInChromium(() => Platform.start());

  /** The ledger's balance once it is no longer `unlike` (the round settled), shown by the page. */
  const settledBalance = async (page: Page, player: string, unlike: bigint): Promise<bigint> => {
    let booked = await ui.platform.balance(player);
    for (let i = 0; i < 80 && booked === unlike; i++) {
      await page.waitForTimeout(250);
      booked = await ui.platform.balance(player);
    }
    await balanceShown(page, booked);
    return booked;
  };

  const open = async (player: string, table: { game: string; tableId: string }, ready: string) => {
    const page = await ui.newPage(PHONE);
    await page.goto(await ui.platform.launch(player, BEFORE, 'en', table));
    await page.locator(ready).waitFor();
    await balanceShown(page, BEFORE);
    return page;
  };

  const baccarat = async (): Promise<void> => {
    const page = await open(
      'bac-phone',
      { game: 'baccarat', tableId: 'bac-1' },
      '[data-testid=table-baccarat]',
    );
    await bettingWindow(page, 5);
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=player]');
    await page.locator('[data-stake=player]:not(.spot__stake--pending)').waitFor();
    await balanceShown(page, BEFORE - 500n);
    const result = page.locator('[data-testid=result]');
    await result.waitFor({ timeout: 30_000 });
    const winner = await result.getAttribute('data-winner');
    const expected = winner === 'player' ? BEFORE + 500n : winner === 'tie' ? BEFORE : BEFORE - 500n;
    expect(await settledBalance(page, 'bac-phone', BEFORE - 500n)).toBe(expected);
    await page.screenshot({ path: join(SCREENSHOTS, 'baccarat-phone-played.png') });
    await page.context().close();
  };

  const roulette = async (): Promise<void> => {
    const page = await open(
      'rou-phone',
      { game: 'roulette', tableId: 'rou-1' },
      '[data-testid=table-roulette]',
    );
    await bettingWindow(page, 5);
    await page.click('[data-chip="100"]');
    await page.click('[data-spot="red"]');
    await page.click('[data-spot="straight:17"]');
    await balanceShown(page, BEFORE - 200n);
    await page.locator('[data-pocket]').waitFor({ timeout: 30_000 });
    const pocket = Number(await page.locator('[data-pocket]').getAttribute('data-pocket'));
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket);
    const expected = BEFORE - 200n + (red ? 200n : 0n) + (pocket === 17 ? 3600n : 0n);
    await balanceShown(page, expected);
    expect(await ui.platform.balance('rou-phone')).toBe(expected);
    await page.screenshot({ path: join(SCREENSHOTS, 'roulette-phone-played.png') });
    await page.context().close();
  };

  const blackjack = async (): Promise<void> => {
    const page = await open(
      'bj-phone',
      { game: 'blackjack', tableId: 'bj-1' },
      '[data-testid=table-blackjack]',
    );
    await bettingWindow(page, 3);
    await page.click('[data-chip="1000"]');
    await page.click('[data-sit="2"]');
    await page.locator('[data-seat="2"][data-mine="true"]').waitFor();
    // Stand on every decision (insurance declined when offered) until the round is over.
    for (let i = 0; i < 120; i++) {
      const phase = await page.locator('[data-testid=table-blackjack]').getAttribute('data-phase');
      if (phase === 'result' && i > 0) break;
      if (await page.locator('[data-testid=decision]').isVisible()) await page.click('[data-action=stand]');
      else if (await page.locator('[data-testid=insurance]').isVisible())
        await page.click('[data-action=no-insurance]');
      await page.waitForTimeout(250);
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid=table-blackjack]')?.getAttribute('data-phase') === 'result',
      undefined,
      { timeout: 30_000 },
    );
    // A hand's return is 0, the stake back, 2× or 2.5× it: what the ledger booked, the page shows.
    const booked = await settledBalance(page, 'bj-phone', BEFORE - 1000n);
    expect([BEFORE - 1000n, BEFORE, BEFORE + 1000n, BEFORE + 1500n]).toContain(booked);
    await page.screenshot({ path: join(SCREENSHOTS, 'blackjack-phone-played.png') });
    await page.context().close();
  };

  const rngBaccarat = async (): Promise<void> => {
    const page = await open('rng-phone', { game: 'baccarat', tableId: 'bac-rng' }, '[data-testid=table-rng]');
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=banker]');
    await page.locator('[data-stake=banker]').waitFor();
    await page.click('[data-action=deal]');
    const result = page.locator('[data-testid=result]');
    await result.waitFor({ timeout: 30_000 });
    const winner = await result.getAttribute('data-winner');
    const expected = winner === 'banker' ? BEFORE + 475n : winner === 'tie' ? BEFORE : BEFORE - 500n;
    await balanceShown(page, expected);
    expect(await ui.platform.balance('rng-phone')).toBe(expected);
    await page.screenshot({ path: join(SCREENSHOTS, 'rng-baccarat-phone-played.png') });
    await page.context().close();
  };

  it('plays baccarat, roulette, blackjack and RNG baccarat on a phone: the balance shown is the ledger’s', async () => {
    const games = { baccarat, roulette, blackjack, rngBaccarat };
    await Promise.all(
      Object.entries(games).map(([name, play]) =>
        play().catch((err: Error) => {
          throw new Error(`${name} on a phone: ${err.message}`);
        }),
      ),
    );
  });
});
