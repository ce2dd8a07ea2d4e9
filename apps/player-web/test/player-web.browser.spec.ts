import { join } from 'node:path';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { balanceShown, bettingWindow } from './page-waits';
import { Platform } from './platform';

// The player web client in Debian's Chromium against the real ledger, game services and lobby: a launch URL opens
// the lobby, each game is joined and played with real bets, the balance shown is the ledger's to the minor unit,
// a rejection is shown in words, a cut connection is restored without a reload. Screenshots go to the ignored
// .screenshots/ at the root; `npm run screenshots` copies them to docs/screenshots/ (shown in the README).

describeBrowser('player web client in Chromium', () => {
  const ui = platformInChromium(() => Platform.start());
  const { newPage } = ui;

  it('opens the lobby from a launch URL and lists every live table, filtered by game', async () => {
    const page = await newPage();
    await page.goto(await ui.platform.launch('lobby-1', 100_000n));
    for (const id of ['bac-1', 'bac-2', 'bac-rng', 'rou-1', 'bj-1'])
      await page.locator(`[data-table="${id}"]`).waitFor();
    // The lobby shows the balance before any table is joined (the lobby service asks the ledger).
    await balanceShown(page, 100_000n);
    await page.click('[data-filter-game=roulette]');
    expect(await page.locator('[data-table]').count()).toBe(1);
    await page.click('[data-filter-game=all]');
    expect(await page.locator('[data-table]').count()).toBe(5);
    await page.context().close();
  });

  it('plays baccarat: a real bet settles and the balance moves by what the ledger booked; Player+Banker is refused in words', async () => {
    const page = await newPage();
    const before = 100_000n;
    await page.goto(await ui.platform.launch('bac-player', before));
    await page.click('[data-open="bac-1"]');
    await page.locator('[data-testid=table-baccarat]').waitFor();
    await balanceShown(page, before);
    await bettingWindow(page, 6);
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=player]');
    await page.locator('[data-stake=player]:not(.spot__stake--pending)').waitFor();
    await page.click('[data-bet=banker]');
    const refusal = page.locator('[data-testid=toast-error]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('You cannot bet on both Player and Banker in one round.');
    await balanceShown(page, before - 500n);
    await page.locator('[data-testid=result]').waitFor({ timeout: 30_000 });
    // The result of the round the bet was in, read once: a later round's result replaces it on the page.
    const winner = await page.locator('[data-testid=result]').getAttribute('data-winner');
    const expected = winner === 'player' ? before + 500n : winner === 'tie' ? before : before - 500n;
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOTS, 'baccarat.png') });
    // The ledger's settlement: the page shows exactly the balance the ledger holds after it.
    let booked = await ui.platform.balance('bac-player');
    for (let i = 0; i < 40 && booked !== expected; i++) {
      await page.waitForTimeout(250);
      booked = await ui.platform.balance('bac-player');
    }
    expect(booked).toBe(expected);
    await balanceShown(page, booked);
    await page.context().close();
  });

  it('restores a baccarat round after the connection is cut mid-round: phase, timer and own bets, without a reload', async () => {
    const page = await newPage();
    await page.goto(
      await ui.platform.launch('reconnect-player', 50_000n, 'en', { game: 'baccarat', tableId: 'bac-1' }),
    );
    await page.locator('[data-testid=table-baccarat]').waitFor();
    await bettingWindow(page, 4);
    await page.click('[data-chip="1000"]');
    await page.click('[data-bet=tie]');
    await page.locator('[data-stake=tie]:not(.spot__stake--pending)').waitFor();
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));
    ui.platform.baccaratLine.cut();
    await page.locator('[data-testid=reconnecting]').waitFor();
    ui.platform.baccaratLine.restore();
    await page.locator('[data-testid=reconnecting]').waitFor({ state: 'detached' });
    // Still the same round or its deal: the own Tie bet is on the layout again.
    await page.locator('[data-stake=tie]').waitFor();
    expect(loads).toEqual([]);
    expect(await page.locator('[data-testid=phase]').textContent()).not.toBe('');
    await page.context().close();
  });

  it('plays roulette: inside and outside bets with coverage, the pocket, the balance the ledger booked', async () => {
    const page = await newPage();
    const before = 100_000n;
    await page.goto(
      await ui.platform.launch('rou-player', before, 'en', { game: 'roulette', tableId: 'rou-1' }),
    );
    await page.locator('[data-testid=table-roulette]').waitFor();
    await balanceShown(page, before);
    await bettingWindow(page, 6);
    await page.click('[data-chip="100"]');
    await page.click('[data-spot="red"]');
    await page.click('[data-spot="straight:17"]');
    await page.click('[data-spot="split:20-23"]');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=coverage]')?.textContent?.startsWith('20 '),
    );
    await balanceShown(page, before - 300n);
    await page.locator('[data-pocket]').waitFor({ timeout: 30_000 });
    const pocket = Number(await page.locator('[data-pocket]').getAttribute('data-pocket'));
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(pocket);
    const returned =
      (red ? 200n : 0n) + (pocket === 17 ? 3600n : 0n) + (pocket === 20 || pocket === 23 ? 1800n : 0n);
    const expected = before - 300n + returned;
    await balanceShown(page, expected);
    expect(await ui.platform.balance('rou-player')).toBe(expected);
    await page.screenshot({ path: join(SCREENSHOTS, 'roulette.png') });
    await page.context().close();
  });

  /** 20 chips in one round, then Repeat and Double in the next: 40 chips, all booked, none refused. */
  const fortyChips = async (size: 'phone' | 'desktop'): Promise<void> => {
    const phone = size === 'phone';
    const page = await newPage(
      phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
    );
    const player = `layout-${size}`;
    await page.goto(await ui.platform.launch(player, 100_000n, 'en', { game: 'roulette', tableId: 'rou-1' }));
    await page.locator('[data-testid=table-roulette]').waitFor();
    await balanceShown(page, 100_000n);
    // Round one: 20 chips of €1 on the numbers 1 to 20, placed as fast as the page takes clicks (taps).
    await bettingWindow(page, 8);
    await page.click('[data-chip="100"]');
    for (let n = 1; n <= 20; n++)
      await (phone ? page.tap(`[data-spot="straight:${n}"]`) : page.click(`[data-spot="straight:${n}"]`));
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-stake]').length === 20 &&
        !document.querySelector('.spot__stake--pending'),
    );
    await balanceShown(page, 100_000n - 2_000n);
    await page.locator('[data-pocket]').waitFor({ timeout: 30_000 });
    const pocket = Number(await page.locator('[data-pocket]').getAttribute('data-pocket'));
    const afterOne = 100_000n - 2_000n + (pocket >= 1 && pocket <= 20 ? 3_600n : 0n);
    await balanceShown(page, afterOne);
    // Round two: Repeat puts the 20 back, Double makes them 40; every one is accepted by the ledger.
    await bettingWindow(page, 8);
    await page.click('[data-action=repeat]');
    await page.waitForFunction(() => document.querySelectorAll('[data-stake]').length === 20);
    await page.click('[data-action=double]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=total-bet] b')?.textContent === '€40.00' &&
        !document.querySelector('.spot__stake--pending'),
    );
    await balanceShown(page, afterOne - 4_000n);
    expect(await ui.platform.balance(player)).toBe(afterOne - 4_000n);
    expect(await page.locator('[data-testid=toast-error]').count()).toBe(0);
    if (phone) await page.locator('[data-spot="straight:11"]').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(SCREENSHOTS, phone ? 'roulette-40-chips-phone.png' : 'roulette-40-chips.png'),
    });
    await page.context().close();
  };

  it('takes a 40-chip roulette layout from Repeat and Double without a refusal, on a phone and a desktop at once: the ledger books all 40', () =>
    // Two players in the same rounds: the phone adds no round to the run.
    Promise.all([fortyChips('desktop'), fortyChips('phone')]).then(() => undefined));

  it('plays blackjack: takes a seat, decides, and shows the balance the ledger booked', async () => {
    const page = await newPage();
    const before = 100_000n;
    await page.goto(
      await ui.platform.launch('bj-player', before, 'en', { game: 'blackjack', tableId: 'bj-1' }),
    );
    await page.locator('[data-testid=table-blackjack]').waitFor();
    await balanceShown(page, before);
    await bettingWindow(page);
    await page.click('[data-chip="1000"]');
    await page.click('[data-sit="3"]');
    await page.locator('[data-seat="3"][data-mine="true"]').waitFor();
    let shot = false;
    // Decide until the round is over: stand on the first decision (insurance declined when offered).
    for (let i = 0; i < 80; i++) {
      const phase = await page.locator('[data-testid=table-blackjack]').getAttribute('data-phase');
      if (phase === 'result' && i > 0) break;
      if (await page.locator('[data-testid=decision]').isVisible()) {
        if (!shot) {
          await page.screenshot({ path: join(SCREENSHOTS, 'blackjack.png') });
          shot = true;
        }
        await page.click('[data-action=stand]');
      } else if (await page.locator('[data-testid=insurance]').isVisible()) {
        await page.click('[data-action=no-insurance]');
      }
      await page.waitForTimeout(250);
    }
    await page.waitForFunction(
      () => document.querySelector('[data-testid=table-blackjack]')?.getAttribute('data-phase') === 'result',
      undefined,
      { timeout: 30_000 },
    );
    if (!shot) await page.screenshot({ path: join(SCREENSHOTS, 'blackjack.png') });
    // Settled: what the ledger holds is what the page shows.
    let booked = await ui.platform.balance('bj-player');
    for (let i = 0; i < 40 && booked === before - 1000n; i++) {
      await page.waitForTimeout(250);
      booked = await ui.platform.balance('bj-player');
    }
    await balanceShown(page, booked);
    // The rules dialog states this table's own rules (bj-1 follows the operators' rules) and its house edge.
    await page.click('[data-testid=table-blackjack] [data-action=rules]');
    const rules = (await page.locator('[data-testid=rules]').textContent()) ?? '';
    expect(rules).toContain('The dealer draws to 16 and stands on every 17, soft 17 included.');
    expect(rules).toContain(
      'A pair may be split once; both hands get their second card before you play either.',
    );
    expect(rules).toContain('House edge with basic strategy: about 0.74%.');
    expect(rules).not.toContain('variant');
    await page.context().close();
  });

  it('plays RNG baccarat: chips, Deal, result and a restored session after a reload', async () => {
    const page = await newPage();
    const before = 20_000n;
    const url = await ui.platform.launch('rng-player', before, 'en', {
      game: 'baccarat',
      tableId: 'bac-rng',
    });
    await page.goto(url);
    await page.locator('[data-testid=table-rng]').waitFor();
    await balanceShown(page, before);
    await page.click('[data-chip="500"]');
    await page.click('[data-bet=banker]');
    await page.click('[data-bet=banker]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=total-bet] b')?.textContent === '€10.00',
    );
    await page.click('[data-action=deal]');
    await page.locator('[data-testid=result]').waitFor();
    const winner = await page.locator('[data-testid=result]').getAttribute('data-winner');
    const expected = winner === 'banker' ? before + 950n : winner === 'tie' ? before : before - 1000n;
    await balanceShown(page, expected);
    expect(await ui.platform.balance('rng-player')).toBe(expected);
    await page.screenshot({ path: join(SCREENSHOTS, 'rng-baccarat.png') });
    // A reload: the session (its round on the bead plate, the balance) comes back from the service.
    await page.reload();
    await page.locator('[data-testid=table-rng] [data-road=bead] circle').first().waitFor();
    await balanceShown(page, expected);
    await page.context().close();
  });

  it('shows the lobby with live roads and results, in English and in Persian (right to left)', async () => {
    const page = await newPage();
    await page.goto(await ui.platform.launch('lobby-2', 250_000n));
    await page.locator('[data-table="bac-1"] [data-road=big] circle').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(SCREENSHOTS, 'lobby.png') });
    await page.goto(ui.platform.launchUrl('lobby-2', 'fa'));
    await page.locator('[data-table="rou-1"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOTS, 'lobby-fa.png') });
    await page.context().close();
  });

  it("shows a table and its rules and pay table in the player's language (Polish, no-commission baccarat)", async () => {
    const page = await newPage();
    await page.goto(ui.platform.launchUrl('lobby-2', 'pl', { game: 'baccarat', tableId: 'bac-2' }));
    await page.locator('[data-testid=table-baccarat]').waitFor();
    expect(await page.locator('[data-bet=banker] .spot__name').textContent()).toBe('Bankier');
    await page.click('[data-action=rules]');
    const rules = page.locator('[data-testid=rules]');
    await rules.waitFor();
    expect(await rules.locator('h2').textContent()).toBe('Bakarat — zasady i wypłaty');
    expect(await rules.textContent()).toContain('Bez prowizji: Bankier płaci 1:1');
    await page.screenshot({ path: join(SCREENSHOTS, 'rules-pl.png') });
    await page.context().close();
  });
});
