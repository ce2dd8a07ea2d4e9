import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { Platform } from './platform';

// Every table's limits panel in Chromium against the real platform (docs/rules/baccarat.md#table-limits,
// roulette.md#table-limits, blackjack.md#table-settings): the minimum and maximum of every bet the table offers, as
// the ledger's table catalogue holds them, and the payouts, in each of the six languages. Screenshots go to
// .screenshots/limits-*.png (ignored; `npm run screenshots` copies them to docs/screenshots/).

interface CatalogueLimits {
  settings: { limits: Record<string, { min: string; max: string }>; maxDifference?: string };
}

describeBrowser('the limits panel of every table in Chromium', () => {
  const ui = platformInChromium(() => Platform.start());

  /** The table's settings in the ledger's catalogue: what the service snapshots into every RoundOpened. */
  const catalogued = async (tableId: string): Promise<CatalogueLimits> => {
    const res = await fetch(`${ui.platform.ledger.url}/tables/${tableId}`, {
      headers: { authorization: `Bearer ${ui.platform.ledger.backOfficeToken()}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as CatalogueLimits;
  };

  /** Opens a table in a language, then its limits panel; returns the panel's rows as key → [min, max, pays]. */
  const openPanel = async (
    playerId: string,
    language: string,
    table: { game: string; tableId: string },
    testId: string,
  ): Promise<{ page: Page; rows: Map<string, [string | null, string | null, string]> }> => {
    const page = await ui.newPage();
    await page.goto(await ui.platform.launch(playerId, 10_000n, language, table));
    await page.locator(`[data-testid=${testId}]`).waitFor();
    await page.locator('[data-action=limits]:not([disabled])').click();
    const panel = page.locator('[data-testid=limits]');
    await panel.waitFor();
    const rows = new Map<string, [string | null, string | null, string]>();
    for (const row of await panel.locator('tr[data-limit]').all()) {
      rows.set((await row.getAttribute('data-limit')) ?? '', [
        await row.getAttribute('data-min'),
        await row.getAttribute('data-max'),
        ((await row.locator('[data-pays]').textContent()) ?? '').trim(),
      ]);
    }
    return { page, rows };
  };

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SCREENSHOTS, `limits-${name}.png`) });
    await page.context().close();
  };

  /** Every limit of the catalogue is a row with the same minimum and maximum, and nothing else is. */
  const expectCatalogueLimits = (
    rows: Map<string, [string | null, string | null, string]>,
    limits: Record<string, { min: string; max: string }>,
  ) => {
    const ranged = [...rows].filter(([, [min]]) => min !== null).map(([key, [min, max]]) => [key, min, max]);
    expect(ranged.sort()).toEqual(
      Object.entries(limits)
        .map(([key, l]) => [key, l.min, l.max])
        .sort(),
    );
  };

  it('live baccarat (English, commission): every bet, its limits, its payout and the maximum difference', async () => {
    const { page, rows } = await openPanel(
      'lim-bac1',
      'en',
      { game: 'baccarat', tableId: 'bac-1' },
      'table-baccarat',
    );
    const table = await catalogued('bac-1');
    expectCatalogueLimits(rows, table.settings.limits);
    expect(rows.get('player')?.[2]).toBe('1:1');
    expect(rows.get('banker')?.[2]).toBe('0.95:1');
    expect(rows.get('tie')?.[2]).toBe('8:1');
    expect(rows.get('playerPair')?.[2]).toBe('11:1');
    expect(rows.get('luckySix')?.[2]).toBe('12:1 (2 cards), 20:1 (3 cards)');
    expect(rows.get('bankerNatural')?.[2]).toBe('7:2');
    const difference = page.locator('[data-testid=max-difference]');
    expect(await difference.textContent()).toContain('Player and Banker');
    await shot(page, 'baccarat-en');
  });

  it('live baccarat (Turkish, no commission): Banker pays 1:1 and half on a six', async () => {
    const { page, rows } = await openPanel(
      'lim-bac2',
      'tr',
      { game: 'baccarat', tableId: 'bac-2' },
      'table-baccarat',
    );
    expectCatalogueLimits(rows, (await catalogued('bac-2')).settings.limits);
    expect(rows.get('banker')?.[2]).toBe('1:1, 6 ile: 1:2');
    expect(await page.locator('[data-testid=limits] h2').textContent()).toBe('Bakara — masa limitleri');
    await shot(page, 'baccarat-tr');
  });

  it('RNG baccarat (Persian, right to left): Player, Banker and Tie with their payouts', async () => {
    const { page, rows } = await openPanel(
      'lim-rng',
      'fa',
      { game: 'baccarat', tableId: 'bac-rng' },
      'table-rng',
    );
    expectCatalogueLimits(rows, (await catalogued('bac-rng')).settings.limits);
    expect([...rows.keys()]).toEqual(['player', 'banker', 'tie']);
    expect(rows.get('banker')?.[2]).toBe('0.95:1');
    expect(await page.locator('[data-testid=max-difference]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'rng-baccarat-fa');
  });

  it('roulette (Polish and Bengali): all thirteen bet types with their engine payouts', async () => {
    for (const [language, player] of [
      ['pl', 'lim-rou-pl'],
      ['bn', 'lim-rou-bn'],
    ] as const) {
      const { page, rows } = await openPanel(
        player,
        language,
        { game: 'roulette', tableId: 'rou-1' },
        'table-roulette',
      );
      expectCatalogueLimits(rows, (await catalogued('rou-1')).settings.limits);
      expect(rows.size).toBe(13);
      expect(rows.get('straight')?.[2]).toBe('35:1');
      expect(rows.get('sixLine')?.[2]).toBe('5:1');
      expect(rows.get('dozen')?.[2]).toBe('2:1');
      expect(rows.get('even')?.[2]).toBe('1:1');
      await shot(page, `roulette-${language}`);
    }
  });

  it("blackjack (Croatian): the seat's bet limits, the table's blackjack and insurance payouts", async () => {
    const { page, rows } = await openPanel(
      'lim-bj',
      'hr',
      { game: 'blackjack', tableId: 'bj-1' },
      'table-blackjack',
    );
    const limits = (await catalogued('bj-1')).settings.limits;
    expect(rows.get('main')?.slice(0, 2)).toEqual([limits.main.min, limits.main.max]);
    expect(rows.get('main')?.[2]).toBe('1:1');
    expect(rows.get('blackjack')?.[2]).toBe('3:2');
    expect(rows.get('insurance')?.[2]).toBe('2:1');
    expect([...rows.keys()]).toEqual(['main', 'blackjack', 'double', 'split', 'insurance']);
    await shot(page, 'blackjack-hr');
  });
});
