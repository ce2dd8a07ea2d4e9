import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { DEV_SECRETS_KEY } from '@casino/bet-ledger/src/config/ledger-config';
import { roundLinkKey, signRoundLink } from '@casino/bet-ledger/src/operators/round-link';
import { gameDefinition, settleRound, tableConfigSchema } from '@casino/games';
import { betSpecOf, resultPayload } from '../src/tables/studio/studio-games';
import { balanceShown, bettingWindow } from './page-waits';
import { OPERATOR, Platform } from './platform';

// The player's history in Debian's Chromium against the real ledger, roulette service and lobby: a roulette round
// is played, the History button lists it, its details show the bet, pocket and payout; the round-details page of
// an operator's signed link opens without a token, and a forged link is refused in words; a baccarat round's
// details show both hands and the shoe's commitment; a studio round (Dragon Tiger on a desktop, Sic Bo on a phone,
// at once) is listed under its game, its details showing the cards and the winner or the dice and their seeds, the
// bet and what the game's definition pays for the result. Phone (390 px) and
// desktop screenshots go to the ignored .screenshots/ (`npm run screenshots` copies them to docs/screenshots/).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1360, height: 900 };
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

describeBrowser('player history in Chromium', () => {
  const ui = platformInChromium(() => Platform.start({ studioGames: true }));
  const newPage = (viewport: { width: number; height: number }) => ui.newPage({ viewport });

  /** Nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
  const fitsWidth = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  let roundId = '';

  it('plays a roulette round, then the History button lists it and shows its bet, pocket and payout', async () => {
    const page = await newPage(DESKTOP);
    const before = 50_000n;
    await page.goto(
      await ui.platform.launch('hist-player', before, 'en', { game: 'roulette', tableId: 'rou-1' }),
    );
    await page.locator('[data-testid=table-roulette]').waitFor();
    await balanceShown(page, before);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'betting' &&
        Number(document.querySelector('.countdown__seconds')?.textContent ?? '0') >= 4,
      undefined,
      { timeout: 30_000 },
    );
    await page.click('[data-chip="100"]');
    await page.click('[data-spot="red"]');
    await balanceShown(page, before - 100n);
    await page.locator('[data-pocket]').waitFor({ timeout: 30_000 });
    const pocket = Number(await page.locator('[data-pocket]').getAttribute('data-pocket'));
    const paid = RED.includes(pocket) ? 200n : 0n;
    await balanceShown(page, before - 100n + paid);

    await page.click('[data-action=history]');
    const dialog = page.locator('[data-testid=history]');
    await dialog.waitFor();
    const row = dialog.locator('[data-history-round]').first();
    await row.waitFor();
    roundId = (await row.getAttribute('data-history-round')) ?? '';
    expect(await dialog.locator('[data-history-round]').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-desktop.png') });
    await row.click();
    const details = page.locator('[data-testid=round-details]');
    await details.waitFor();
    expect(await details.locator('[data-testid=round-pocket]').textContent()).toBe(String(pocket));
    expect(await details.locator('tbody tr').count()).toBe(1);
    expect(await details.locator('tbody tr td').first().textContent()).toContain('Red');
    expect(await details.locator('[data-testid=round-paid]').textContent()).toBe(
      paid === 0n ? '€0.00' : '€2.00',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'history-round-desktop.png') });
    await page.context().close();
  });

  it('shows the history in the lobby on a phone, in Persian too, without sideways scrolling', async () => {
    for (const language of ['en', 'fa']) {
      const page = await newPage(PHONE);
      await page.goto(ui.platform.launchUrl('hist-player', language));
      await page.locator('[data-testid=lobby]').waitFor({ timeout: 60_000 });
      await page.click('[data-action=history]');
      await page.click('[data-history-game=roulette]');
      await page.locator(`[data-history-round="${roundId}"]`).click();
      await page.locator('[data-testid=round-details]').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `history-round-phone-${language}.png`) });
      await page.context().close();
    }
  });

  it("plays a baccarat round: its details show both hands and the shoe's commitment", async () => {
    const page = await newPage(DESKTOP);
    const url = await ui.platform.launch('hist-bac', 50_000n, 'en', { game: 'baccarat', tableId: 'bac-1' });
    await page.goto(url);
    await page.locator('[data-testid=table-baccarat]').waitFor();
    await balanceShown(page, 50_000n);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'betting' &&
        Number(document.querySelector('.countdown__seconds')?.textContent ?? '0') >= 4,
      undefined,
      { timeout: 30_000 },
    );
    await page.click('[data-chip="100"]');
    await page.click('[data-bet=player]');
    await balanceShown(page, 50_000n - 100n);
    await page.locator('[data-testid=result]').waitFor({ timeout: 30_000 });
    // The ledger settles after the table shows the result: wait until the history has it settled.
    const token = new URL(url).searchParams.get('token') ?? '';
    const origin = new URL(url).origin;
    for (let i = 0; i < 80; i++) {
      const res = await fetch(`${origin}/api/history?game=baccarat`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { items?: { status: string }[] };
      if (body.items?.[0]?.status === 'settled') break;
      await page.waitForTimeout(250);
    }
    await page.click('[data-action=history]');
    await page.locator('[data-history-round]').first().click();
    const details = page.locator('[data-testid=round-details]');
    await details.waitFor();
    expect(await details.locator('[data-hand=player] [data-card]').count()).toBeGreaterThanOrEqual(2);
    expect(await details.locator('[data-hand=banker] [data-card]').count()).toBeGreaterThanOrEqual(2);
    expect(await details.locator('[data-testid=round-shoe]').textContent()).toMatch(/[0-9a-f]{64}/);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-baccarat-desktop.png') });
    await page.context().close();
  });

  /** A player's last round at `game`, once the ledger has settled it (the table shows the result first). */
  const settledRound = async (url: string, game: string) => {
    const token = new URL(url).searchParams.get('token') ?? '';
    for (let i = 0; i < 120; i++) {
      const res = await fetch(`${new URL(url).origin}/api/history?game=${game}&limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { items?: { status: string; result: Record<string, unknown> }[] };
      if (body.items?.[0]?.status === 'settled') return body.items[0];
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no settled ${game} round in 30 s`);
  };

  /** A studio round played with a chip, then its details opened from the table's History button. */
  const studioRound = async (
    play: { game: 'dragonTiger' | 'sicBo'; tableId: string; bet: Record<string, unknown>; spot: string },
    size: 'phone' | 'desktop',
  ): Promise<void> => {
    const phone = size === 'phone';
    const page = await ui.newPage({
      viewport: phone ? PHONE : DESKTOP,
      ...(phone ? { isMobile: true, hasTouch: true } : {}),
    });
    const player = `hist-${play.tableId}`;
    const url = await ui.platform.launch(player, 50_000n, 'en', { game: play.game, tableId: play.tableId });
    await page.goto(url);
    await page.locator(`[data-testid=table-${play.game}] [data-spot]`).first().waitFor({ timeout: 60_000 });
    await balanceShown(page, 50_000n);
    await bettingWindow(page, 3);
    await page.click('[data-chip="100"]');
    await page.click(`[data-spot="${play.spot}"]`);
    await balanceShown(page, 50_000n - 100n);
    const round = await settledRound(url, play.game);
    // What the game's definition pays for the recorded result.
    const settled = settleRound(
      tableConfigSchema.parse(gameDefinition(play.game).defaultTableConfig),
      resultPayload(play.game, round.result),
      [{ betId: 'b', playerId: 'p', stake: 100n, spec: betSpecOf(play.game, play.bet) }],
    );
    if (!settled.ok) throw new Error(settled.message);
    const paid = settled.items[0].returned;

    await page.click(`[data-testid=table-${play.game}] [data-action=history]`);
    const dialog = page.locator('[data-testid=history]');
    await dialog.locator(`[data-history-game=${play.game}][aria-selected=true]`).waitFor();
    await dialog.locator('[data-history-round]').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, `history-studio-${size}.png`) });
    await dialog.locator('[data-history-round]').first().click();
    const details = page.locator('[data-testid=round-details]');
    await details.waitFor();
    expect(await details.locator('tbody tr').count()).toBe(1);
    expect(await details.locator('tbody tr td').first().textContent()).toBe(
      play.game === 'sicBo' ? 'Small' : 'Dragon',
    );
    expect(await details.locator('[data-testid=round-paid]').textContent()).toBe(
      `€${(Number(paid) / 100).toFixed(2)}`,
    );
    if (play.game === 'dragonTiger') {
      const cards = details.locator('[data-testid=round-cards]');
      expect(await cards.locator('[data-card]').count()).toBe(2);
      expect(await cards.getAttribute('data-winner')).toMatch(/^(first|second|tie)$/);
      expect(await cards.locator('[data-testid=round-winner]').textContent()).toMatch(/^(Dragon|Tiger|Tie)/);
    } else {
      const dice = details.locator('[data-testid=round-dice]');
      expect(await dice.locator('[data-die]').count()).toBe(3);
      const faces = round.result.dice as number[];
      expect(await dice.getAttribute('data-total')).toBe(String(faces[0] + faces[1] + faces[2]));
      expect(await details.locator('[data-testid=round-seeds]').textContent()).toContain(
        (round.result.fair as { serverSeed: string }).serverSeed,
      );
    }
    expect(await fitsWidth(page)).toBe(true);
    await details.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `history-studio-round-${size}.png`) });
    await page.context().close();
  };

  it('lists a studio round under its game: Dragon Tiger on a desktop, Sic Bo on a phone, with their result and payout', () =>
    Promise.all([
      studioRound(
        { game: 'dragonTiger', tableId: 'dt-1', bet: { type: 'dragon' }, spot: 'dragon' },
        'desktop',
      ),
      studioRound({ game: 'sicBo', tableId: 'sb-1', bet: { type: 'small' }, spot: 'small' }, 'phone'),
    ]).then(() => undefined));

  it("opens the round-details page of an operator's signed link without a token, and refuses a forged one", async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const claims = { operatorId: OPERATOR, playerId: 'hist-player', tableId: 'rou-1', roundId, exp };
    const link = new URLSearchParams({
      view: 'round',
      operator: OPERATOR,
      player: 'hist-player',
      table: 'rou-1',
      round: roundId,
      exp: String(exp),
      sig: signRoundLink(claims, roundLinkKey(DEV_SECRETS_KEY)),
    });
    const lobbyUrl = ui.platform.launchUrl('x').split('?')[0];
    const page = await newPage(PHONE);
    await page.goto(`${lobbyUrl}?${link.toString()}`);
    await page.locator(`[data-testid=round-details][data-round="${roundId}"]`).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'round-link-phone.png'), fullPage: true });

    link.set('player', 'someone-else');
    await page.goto(`${lobbyUrl}?${link.toString()}`);
    const refused = page.locator('[data-testid=round-link-error]');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('not valid or has expired');
    await page.context().close();
  });
});
