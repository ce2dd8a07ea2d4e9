import { join } from 'node:path';
import { describeBrowser, platformInChromium, SCREENSHOTS, ServiceProcess } from '@casino/test-support';
import { balanceShown, bettingWindow } from './page-waits';
import { BookedBet, Platform } from './platform';

// A table that moves to another service instance (docs/services.md "Draining", docs/websocket-api.md#a-table-moving-
// to-another-instance), seen by a player in Debian's Chromium: two roulette-service instances share rou-1; the one
// running it gets SIGTERM (a rolling restart) just after the player's bet is accepted, while betting is open. The
// page follows the table's lobby row to the other instance and is online there without an error shown or a closed
// connection; the bet made before the move ends once at the ledger (the voided round refunded, or the round
// settled), the balance shown is the ledger's, and the next round takes a bet on the new instance.

describeBrowser('a table moving to another instance, in Chromium', () => {
  const ui = platformInChromium(() => Platform.start({ rouletteInstances: 2 }));

  /** The instance whose GET /tables lists `tableId` now, when exactly one does. */
  const holderOf = async (tableId: string): Promise<ServiceProcess | undefined> => {
    const holders: ServiceProcess[] = [];
    for (const instance of ui.platform.roulette.filter((r) => r.running)) {
      const res = await fetch(`${instance.url}/tables`, { signal: AbortSignal.timeout(2_000) }).catch(
        () => null,
      );
      const rows = res?.ok ? ((await res.json()) as { tableId?: string; id?: string }[]) : [];
      if (rows.some((r) => (r.tableId ?? r.id) === tableId)) holders.push(instance);
    }
    return holders.length === 1 ? holders[0] : undefined;
  };

  const settledHolder = async (tableId: string): Promise<ServiceProcess> => {
    for (let i = 0; i < 100; i++) {
      const holder = await holderOf(tableId);
      if (holder) return holder;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no single instance runs ${tableId}`);
  };

  /** The player's bets at the ledger once each has ended (or after 15 s). */
  const endedBets = async (playerId: string): Promise<BookedBet[]> => {
    let booked = await ui.platform.bets(playerId);
    for (let i = 0; i < 60 && booked.some((b) => b.endings.length === 0); i++) {
      await new Promise((r) => setTimeout(r, 250));
      booked = await ui.platform.bets(playerId);
    }
    return booked;
  };

  it('follows rou-1 to the other instance after a SIGTERM mid-round: no error, the bet ended once, the next round bets there', async () => {
    const { platform } = ui;
    const page = await ui.newPage();
    // What the player must never see during the move: an error toast, a refused or ended session, a closed socket.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { moveProblems: string[] }).moveProblems = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(
          '[data-testid=toast-error], [data-testid=session-end], [data-status=closed]',
        ))
          if (!seen.includes(el.outerHTML)) seen.push(el.outerHTML);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    /** The roulette instances the page opened a socket to (host:port), in order. */
    const sockets: string[] = [];
    const hostOf = (url: string) => new URL(url).host;
    page.on('websocket', (ws) => {
      if (platform.roulette.some((r) => hostOf(r.url) === hostOf(ws.url()))) sockets.push(hostOf(ws.url()));
    });

    const player = 'move-player';
    const before = 50_000n;
    const from = await settledHolder('rou-1');
    const to = platform.roulette.find((r) => r !== from)!;
    await page.goto(await platform.launch(player, before, 'en', { game: 'roulette', tableId: 'rou-1' }));
    await page.locator('[data-testid=table-roulette]').waitFor();
    await balanceShown(page, before);
    expect(sockets).toEqual([hostOf(from.url)]);

    // A bet taken by the ledger while betting is open, then the instance running the table is stopped as a
    // rolling restart stops it.
    await bettingWindow(page, 4);
    await page.click('[data-chip="100"]');
    await page.click('[data-spot="red"]');
    await balanceShown(page, before - 100n);
    const movedAt = Date.now();
    await from.stop(15_000);
    expect(from.exited?.signal).toBe('SIGTERM');

    // Online at the other instance: the table runs there, the page's socket is there and joined.
    expect((await settledHolder('rou-1')).url).toBe(to.url);
    for (let i = 0; i < 150 && sockets.at(-1) !== hostOf(to.url); i++) await page.waitForTimeout(100);
    expect(sockets.at(-1)).toBe(hostOf(to.url));
    // Online: no connection banner at all (neither "Connecting…" nor "Reconnecting…").
    await page.waitForFunction(() => !document.querySelector('.conn-banner'));
    const followMs = Date.now() - movedAt;

    // The bet before the move ended once at the ledger, and the page shows the ledger's balance.
    let booked = await endedBets(player);
    expect(booked.map((b) => [b.stake, b.endings.length])).toEqual([[100n, 1]]);
    // Stopped while betting was open, the round is voided and refunded by its new holder (docs/services.md
    // "Draining"); had the window just closed, the new holder would have dealt and settled it.
    const [ending] = booked[0].endings;
    if (ending.kind === 'refunded') expect(ending.returned).toBe(100n);
    const afterMove = before - 100n + ending.returned;
    expect(await platform.balance(player)).toBe(afterMove);
    await balanceShown(page, afterMove);

    // The next round at the new instance takes a bet and settles it.
    await bettingWindow(page, 4);
    await page.click('[data-spot="black"]');
    await balanceShown(page, afterMove - 100n);
    await page.locator('[data-pocket]').waitFor({ timeout: 30_000 });
    booked = await endedBets(player);
    expect(booked.map((b) => b.endings.length)).toEqual([1, 1]);
    expect(booked[1].endings[0].kind).toBe('settled');
    const final = afterMove - 100n + booked[1].endings[0].returned;
    expect(await platform.balance(player)).toBe(final);
    await balanceShown(page, final);
    await page.screenshot({ path: join(SCREENSHOTS, 'table-move.png') });

    const problems = await page.evaluate(
      () => (window as unknown as { moveProblems: string[] }).moveProblems,
    );
    expect({ problems, followMs }).toEqual({ problems: [], followMs: expect.any(Number) });
    console.log(
      `table move: the page followed rou-1 to ${to.url} in ${followMs} ms (first bet ${ending.kind})`,
    );
    await page.context().close();
  });
});
