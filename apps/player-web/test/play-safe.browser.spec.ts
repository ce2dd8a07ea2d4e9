import { join } from 'node:path';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { bettingWindow } from './page-waits';
import { Platform } from './platform';

// Responsible gambling and resilience as a player sees them, in Debian's Chromium against the real ledger, game
// services and lobby: the session clock and a reality check at a short interval (9 s) with the session's net
// result, continue, then a break the ledger enforces (a bet refused COOLING_OFF, in words); the player's own
// session-time limit (1 minute, on a launch backdated 45 s), held by the ledger and stopping play; a connection cut
// mid-round at baccarat while the ledger settles the player's bet, then restored: the missed settlement arrives as a
// toast. Screenshots go to the ignored .screenshots/ at the root (`npm run screenshots` copies them to the docs).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1360, height: 900 };

describeBrowser('play safe and reconnection in Chromium', () => {
  const ui = platformInChromium(() => Platform.start());
  const newPage = (viewport = PHONE) =>
    ui.newPage({ viewport, ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}) });

  /** The reality check on a desktop too, beside the phone's (its screenshot). */
  const realityCheckOnDesktop = async (): Promise<void> => {
    const page = await newPage(DESKTOP);
    const url = await ui.platform.launch('rg-desktop', 100_000n, 'en', {
      game: 'roulette',
      tableId: 'rou-1',
    });
    await page.goto(`${url}&realityCheck=0.15`);
    const check = page.locator('[data-testid=reality-check]');
    await check.waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=reality-check-time]').textContent()).toMatch(
      /^You have been playing/,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'reality-check-desktop.png') });
    await page.context().close();
  };

  it('runs the session clock, fires a reality check at the operator’s interval, and the ledger refuses bets during a break', async () => {
    const desktop = realityCheckOnDesktop();
    const page = await newPage();
    const url = await ui.platform.launch('rg-player', 100_000n, 'en', { game: 'roulette', tableId: 'rou-1' });
    // The operator's interval for the player's jurisdiction, as the launch URL carries it: 0.15 min = 9 s here.
    await page.goto(`${url}&realityCheck=0.15`);
    await page.locator('[data-testid=table-roulette]').waitFor();
    const clock = page.locator('[data-testid=session-clock]');
    await clock.waitFor();
    expect(await clock.textContent()).toMatch(/0:00:0\d/);
    // The clock fits the phone's header: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const check = page.locator('[data-testid=reality-check]');
    await check.waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=reality-check-time]').textContent()).toMatch(
      /^You have been playing for 0:00:(09|1\d)\.$/,
    );
    expect(await page.locator('[data-testid=reality-check-net]').getAttribute('data-net')).toBe('0');
    expect(await page.locator('[data-testid=reality-check-net]').textContent()).toBe(
      'Net result this session: €0.00',
    );
    for (const action of ['continue', 'history', 'leave'])
      expect(await check.locator(`[data-action=${action}]`).isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'reality-check-phone.png') });
    await check.locator('[data-action=continue]').click();
    await check.waitFor({ state: 'detached' });

    // A break of a day, taken from Play safe: the ledger refuses the next bet with COOLING_OFF, told in words.
    await page.click('[data-action=play-safe]');
    await page.locator('[data-testid=play-safe]').waitFor();
    await page.click('[data-action=break-24]');
    await page.locator('[data-testid=on-break]').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'play-safe-phone.png') });
    await page.click('[data-testid=play-safe] >> text=Close');
    // The next reality check may come meanwhile: answered, play goes on.
    const answer = () =>
      check
        .isVisible()
        .then((shown) => (shown ? check.locator('[data-action=continue]').click() : undefined));
    await answer();
    await bettingWindow(page, 4);
    await answer();
    await page.click('[data-chip="100"]');
    await page.click('[data-spot="red"]');
    const refusal = page.locator('[data-testid=toast-error]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(
      'You are taking a break from play: bets are refused until it ends.',
    );
    expect(await ui.platform.balance('rg-player')).toBe(100_000n);
    await page.context().close();
    await desktop;
  });

  it('stops play at the session time the player set: the ledger holds the limit, the client says it is reached', async () => {
    const page = await newPage();
    // The operator lets the player set limits; the launch was 45 s ago, so a 1-minute limit (the ledger's
    // smallest) is reached 15 s from now.
    const url = await ui.platform.launch(
      'rg-time',
      100_000n,
      'en',
      { game: 'roulette', tableId: 'rou-1' },
      { playerLimits: true, startedSecondsAgo: 45 },
    );
    await page.goto(url);
    await page.locator('[data-testid=table-roulette]').waitFor();
    await page.click('[data-action=play-safe]');
    const dialog = page.locator('[data-testid=play-safe]');
    await dialog.getByLabel('Session time (minutes)').fill('1');
    await dialog.locator('[data-action=save-limits]').click();
    await dialog.locator('.rg-note', { hasText: 'Saved' }).waitFor();
    // The ledger ends betting at the same moment (a later bet is refused SESSION_TIME_LIMIT).
    const token = new URL(url).searchParams.get('token') ?? '';
    const res = await fetch(`${ui.platform.ledger.url}/player/responsible-gambling`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const gambling = (await res.json()) as { sessionTimeLimit: { minutes: number; endsAt: string } | null };
    expect(gambling.sessionTimeLimit?.minutes).toBe(1);
    await page.click('[data-testid=play-safe] >> text=Close');

    const stop = page.locator('[data-testid=reality-check]');
    await stop.waitFor({ timeout: 30_000 });
    expect(await stop.locator('h2').textContent()).toBe('Session time limit reached');
    expect(await stop.locator('[data-testid=session-time-up]').textContent()).toBe(
      'You have reached your session time limit (1 min): bets are closed for the rest of this session.',
    );
    // No "continue": only history and leave.
    expect(await stop.locator('[data-action=continue]').count()).toBe(0);
    expect(await stop.locator('[data-action=leave]').isVisible()).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(gambling.sessionTimeLimit?.endsAt ?? '') - 1500);
    await page.screenshot({ path: join(SCREENSHOTS, 'session-time-up-phone.png') });
    await page.context().close();
  });

  /** A player's page at bac-1 with a bet on Player, ready for the cut; its launch token reads the ledger's history. */
  const betBeforeTheCut = async (player: string, viewport: typeof PHONE) => {
    const page = await newPage(viewport);
    const url = await ui.platform.launch(player, 50_000n, 'en', { game: 'baccarat', tableId: 'bac-1' });
    await page.goto(url);
    await page.locator('[data-testid=table-baccarat]').waitFor();
    return { page, token: new URL(url).searchParams.get('token') ?? '' };
  };

  /** The player's last round once the ledger has settled it. */
  const settledRound = async (token: string) => {
    for (let i = 0; i < 120; i++) {
      const res = await fetch(`${ui.platform.ledger.url}/player/history?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { items: { status: string; staked: string; returned: string }[] };
      if (body.items[0]?.status === 'settled') return body.items[0];
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the round was not settled in 30 s');
  };

  it('sends the settlement missed while the connection was cut mid-round once it is back (desktop and phone)', async () => {
    const players = await Promise.all([
      betBeforeTheCut('missed-player', DESKTOP),
      betBeforeTheCut('missed-phone', PHONE),
    ]);
    // Both bet in the same round, then the line to the baccarat service is cut.
    await bettingWindow(players[0].page, 5);
    for (const { page } of players) {
      await page.click('[data-chip="1000"]');
      await page.click('[data-bet=player]');
    }
    for (const { page } of players)
      await page.locator('[data-stake=player]:not(.spot__stake--pending)').waitFor();
    ui.platform.baccaratLine.cut();
    for (const { page } of players) await page.locator('[data-testid=reconnecting]').waitFor();
    // The round goes on without the players: wait until the ledger has settled their bets.
    const rounds = await Promise.all(players.map(({ token }) => settledRound(token)));
    ui.platform.baccaratLine.restore();
    for (const [i, { page }] of players.entries()) {
      await page.locator('[data-testid=reconnecting]').waitFor({ state: 'detached' });
      const toast = page.locator('[data-testid^=toast-]', { hasText: 'While you were away' });
      await toast.waitFor({ timeout: 15_000 });
      const net = BigInt(rounds[i].returned) - BigInt(rounds[i].staked);
      const amount = `€${(Number(net < 0n ? -net : net) / 100).toFixed(2)}`;
      expect(await toast.textContent()).toBe(
        `While you were away a round was settled: ${net > 0n ? '+' : net < 0n ? '-' : ''}${amount}.`,
      );
      await page.screenshot({
        path: join(SCREENSHOTS, i === 0 ? 'missed-settlement.png' : 'missed-settlement-phone.png'),
      });
      await page.context().close();
    }
  });
});
