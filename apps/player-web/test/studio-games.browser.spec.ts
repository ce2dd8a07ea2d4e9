import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { gameDefinition, settleRound, tableConfigSchema } from '@casino/games';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { diceMarks, type SicBoDice } from '@casino/sic-bo';
import { betSpecOf, resultPayload } from '../src/tables/studio/studio-games';
import { balanceShown } from './page-waits';
import { Platform } from './platform';

// The four studio games (Dragon Tiger, Football Studio, Sic Bo, Fan Tan) played as a player in Debian's Chromium
// against the real ledger, studio-games service and lobby: a chip on a spot, the round's result on the table, the
// balance settled as the game's definition settles the shown result. Each game on a phone held upright and on a
// desktop at once (two players). Screenshots go to the ignored .screenshots/studio-<game>-<size>.png.

const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1360, height: 900 },
} as const;
type Size = keyof typeof SIZES;
type StudioGame = 'dragonTiger' | 'footballStudio' | 'sicBo' | 'fanTan';

/** Smallest side of a spot or chip a thumb must hit (px). */
const THUMB = 40;
const STAKE = 100n;
const DEPOSIT = 50_000n;

/** Each game's bet; `size` is where its limits panel is also checked. */
const PLAYS: { game: StudioGame; tableId: string; bet: Record<string, unknown>; spot: string; size: Size }[] =
  [
    { game: 'dragonTiger', tableId: 'dt-1', bet: { type: 'dragon' }, spot: 'dragon', size: 'phone' },
    { game: 'sicBo', tableId: 'sb-1', bet: { type: 'small' }, spot: 'small', size: 'phone' },
    { game: 'footballStudio', tableId: 'fs-1', bet: { type: 'home' }, spot: 'home', size: 'desktop' },
    { game: 'fanTan', tableId: 'ft-1', bet: { type: 'fan', number: 1 }, spot: 'fan:1', size: 'desktop' },
  ];
type Play = (typeof PLAYS)[number];

/** What the ledger returns for the bet on the result the page shows (the definition's settlement). */
function returnedFor(game: StudioGame, bet: Record<string, unknown>, shown: Record<string, unknown>): bigint {
  const config = tableConfigSchema.parse(gameDefinition(game).defaultTableConfig);
  const settled = settleRound(config, resultPayload(game, shown), [
    { betId: 'b', playerId: 'p', stake: STAKE, spec: betSpecOf(game, bet) },
  ]);
  if (!settled.ok) throw new Error(`${game}: ${settled.message}`);
  return settled.items[0].returned;
}

/** Sideways overflow of the page, and spots or chips smaller than a thumb. */
const layoutProblems = (page: Page, thumb: number): Promise<string[]> =>
  page.evaluate((min) => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.querySelectorAll('[data-spot], [data-chip]'))) {
      const r = el.getBoundingClientRect();
      if (r.width < min || r.height < min)
        out.push(
          `${el.getAttribute('data-spot') ?? el.getAttribute('data-chip')}: ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      if (r.left < -1 || r.right > width + 1)
        out.push(`${el.getAttribute('data-spot')}: outside the viewport`);
    }
    return out.slice(0, 10);
  }, thumb);

describeBrowser('the studio games in Chromium', () => {
  const ui = platformInChromium(() => Platform.start({ studioGames: true }));

  const open = async (game: StudioGame, tableId: string, size: Size, player: string): Promise<Page> => {
    const page = await ui.newPage({
      viewport: SIZES[size],
      isMobile: size !== 'desktop',
      hasTouch: size !== 'desktop',
    });
    await page.goto(await ui.platform.launch(player, DEPOSIT, 'en', { game, tableId }));
    await page.locator(`[data-testid=table-${game}] [data-spot]`).first().waitFor({ timeout: 60_000 });
    return page;
  };

  /** A round of the game on one size: a chip on the spot, the result, the settled balance, the layout. */
  const playRound = async (play: Play, size: Size): Promise<void> => {
    const player = `p-${play.tableId}-${size}`;
    const page = await open(play.game, play.tableId, size, player);
    await balanceShown(page, DEPOSIT);
    // A betting window with time left for the chip and the ledger's answer.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'betting' &&
        Number(document.querySelector('.countdown__seconds')?.textContent ?? '0') >= 3,
      undefined,
      { timeout: 30_000 },
    );
    const roundAtBet = await page.evaluate(() =>
      document.querySelector('[data-testid=stage]')?.getAttribute('data-round'),
    );
    await page.click('[data-chip="100"]');
    await page.click(`[data-spot="${play.spot}"]`);
    await page.locator(`[data-stake="${play.spot}"]`).waitFor();
    await balanceShown(page, DEPOSIT - STAKE);

    // The result of this round on the table, then the balance the ledger settles.
    await page.waitForFunction(
      (before) => {
        const stage = document.querySelector('[data-testid=stage]');
        return !!stage?.getAttribute('data-result') && stage.getAttribute('data-round') !== before;
      },
      roundAtBet ?? null,
      { timeout: 30_000 },
    );
    const shown = JSON.parse(
      (await page.locator('[data-testid=stage]').getAttribute('data-result')) ?? '{}',
    ) as Record<string, unknown>;
    await page.locator('[data-testid=result]').waitFor();
    const returned = returnedFor(play.game, play.bet, shown);
    await balanceShown(page, DEPOSIT - STAKE + returned);
    expect(await ui.platform.balance(player)).toBe(DEPOSIT - STAKE + returned);
    // The spot is lit when it won, and a win is told.
    expect(await page.locator(`[data-spot="${play.spot}"].sspot--won`).count()).toBe(
      returned > STAKE ? 1 : 0,
    );
    if (returned > STAKE) await page.locator('[data-testid=toast-win]').first().waitFor();
    // The result's own view: the two cards, the three dice, the bead count.
    if (play.game === 'sicBo') expect(await page.locator('.dice-plate [data-die]').count()).toBe(3);
    else if (play.game === 'fanTan')
      expect(await page.locator('.fan-square__side--won').textContent()).toBe(String(shown.result));
    else expect(await page.locator('[data-testid=stage] [data-card]').count()).toBe(2);
    // The round in the table's history as its players read it: on the bead plate with its side's mark (the card
    // games), with its total and Small, Big or triple (Sic Bo), as its result 1–4 (Fan Tan).
    const roundId = await page.locator('[data-testid=stage]').getAttribute('data-round');
    const entry = page.locator(`[data-testid=studio-history] [data-result-round="${roundId}"]`);
    await entry.waitFor();
    if (play.game === 'sicBo') {
      const marks = diceMarks(shown.dice as unknown as SicBoDice);
      expect(await entry.getAttribute('data-total')).toBe(String(marks.total));
      expect(await entry.getAttribute('data-mark')).toBe(marks.triple ? 'triple' : marks.size);
    } else if (play.game === 'fanTan') {
      expect(await entry.textContent()).toBe(String(shown.result));
    } else {
      expect(await entry.locator('xpath=ancestor::*[@data-road]').getAttribute('data-road')).toBe('bead');
      expect(await entry.getAttribute('data-mark')).toBe(shown.winner);
      // A win is on the big road too; a tie is a slash on the win before it, or counted before the first.
      if (shown.winner !== 'tie')
        expect(await page.locator('[data-road=big] [data-mark]').count()).toBeGreaterThan(0);
    }
    await page
      .locator('[data-testid=studio-history]')
      .screenshot({ path: join(SCREENSHOTS, `studio-${play.game}-history-${size}.png`) });

    expect(await layoutProblems(page, THUMB)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `studio-${play.game}-${size}.png`) });
    if (size !== play.size) return page.context().close();

    // The limits panel: a row for each limit key of the definition, the table's range and what it pays.
    await page.click('[data-action=limits]');
    const limits = page.locator('[data-testid=limits]');
    await limits.waitFor();
    expect(await limits.locator('[data-limit]').count()).toBe(gameDefinition(play.game).limitKeys.length);
    expect(
      await limits.locator(`[data-limit="${play.spot.split(':')[0]}"] [data-pays]`).textContent(),
    ).toMatch(/^[0-9.]+:1/);
    await page.screenshot({ path: join(SCREENSHOTS, `studio-${play.game}-limits-${play.size}.png`) });
    await page.context().close();
  };

  it.each(PLAYS)(
    'plays a round of $game on a phone and on a desktop: a chip on $spot, the result, the settled balance',
    (play) => Promise.all([playRound(play, 'phone'), playRound(play, 'desktop')]).then(() => undefined),
  );

  it('fits each studio table on a tablet held upright: no sideways scrolling, every spot and chip a thumb wide', async () => {
    for (const play of PLAYS) {
      const page = await open(play.game, play.tableId, 'tablet', `p-${play.tableId}-tablet`);
      expect(await layoutProblems(page, THUMB)).toEqual([]);
      if (play.game === 'sicBo')
        await page.screenshot({ path: join(SCREENSHOTS, 'studio-sicBo-tablet.png') });
      await page.context().close();
    }
  });

  it('lists the four studio tables in the lobby as playable', async () => {
    const page = await ui.newPage({ viewport: SIZES.desktop });
    await page.goto(ui.platform.launchUrl('s-lobby'));
    for (const play of PLAYS) {
      const open = page.locator(`[data-open="${play.tableId}"]`);
      await open.waitFor();
      expect(await open.isEnabled()).toBe(true);
      expect(await page.locator(`[data-table="${play.tableId}"] .tile__variant`).textContent()).not.toContain(
        'not available',
      );
      // The tile's preview of the rounds played above: a big road, the totals, the results.
      await page
        .locator(`[data-table="${play.tableId}"] [data-testid=studio-tile] [data-mark]`)
        .first()
        .waitFor();
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'studio-lobby-desktop.png') });
    await page.context().close();
  });
});
