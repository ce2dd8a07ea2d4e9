import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { signRequest } from '@casino/operator-protocol';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { Platform } from './platform';

// Fun mode as a player sees it, in Debian's Chromium against the real ledger, game services and lobby
// (docs/operator-integration.md#fun-mode): an operator created by staff launches a player through the signed
// POST /v1/sessions with mode fun; the header shows the "Play money" badge where the cashier button would be, and the
// balance is the play money the launch topped up. The same player launched for real money gets the cashier button
// and no badge. Screenshot: .screenshots/fun-mode.png (ignored; `npm run screenshots` copies it to the docs).

const OPERATOR = 'op-fun-web';
const CASHIER = 'https://casino.example/cashier';

describeBrowser('fun mode in Chromium', () => {
  const ui = platformInChromium(() => Platform.start());

  /** The operator and its key, as staff create them in the back office. */
  const operatorKey = async (): Promise<{ keyId: string; secret: string }> => {
    const res = await fetch(`${ui.platform.ledger.url}/back-office/operators`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ui.platform.ledger.backOfficeToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        operatorId: OPERATOR,
        name: 'Fun web',
        currencies: ['EUR'],
        walletMode: 'transfer',
        reason: 'fun-mode browser test',
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { key: { keyId: string; secret: string } }).key;
  };

  /** A signed POST /v1/sessions: the token and the launch URL's options, pointed at this run's lobby. */
  const launch = async (key: { keyId: string; secret: string }, body: object): Promise<string> => {
    const path = '/v1/sessions';
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const requestId = randomUUID();
    const res = await fetch(`${ui.platform.ledger.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-casino-key': key.keyId,
        'x-casino-timestamp': timestamp,
        'x-casino-request-id': requestId,
        'x-casino-signature': signRequest(key.secret, {
          method: 'POST',
          pathWithQuery: path,
          timestamp,
          requestId,
          body: raw,
        }),
      },
      body: raw,
    });
    expect(res.status).toBe(201);
    const launched = new URL(((await res.json()) as { launchUrl: string }).launchUrl);
    return `${ui.platform.lobby.url}/lobby${launched.search}`;
  };

  it('shows the play-money badge in place of the cashier for a fun launch, the cashier for a real one', async () => {
    const key = await operatorKey();
    const page = await ui.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(
      await launch(key, {
        playerId: 'fun-1',
        currency: 'EUR',
        mode: 'fun',
        cashierUrl: CASHIER,
        nickname: 'Fun',
      }),
    );
    const badge = page.locator('[data-testid=fun-badge]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Play money');
    expect(await badge.getAttribute('title')).toMatch(/play money, not real money/);
    expect(await page.locator('[data-testid=cashier]').count()).toBe(0);
    // The balance is the play money of the launch (EUR: 100000 minor units), read from the ledger's fun book.
    const balance = page.locator('[data-testid=balance]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=balance]')?.getAttribute('data-balance') === '100000',
      undefined,
      { timeout: 20_000 },
    );
    expect(await balance.locator('.balance__value').textContent()).toBe('€1,000.00');
    await page.screenshot({ path: join(SCREENSHOTS, 'fun-mode.png') });

    // Turkish: the badge in the player's language.
    const turkish = await ui.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await turkish.goto(
      await launch(key, { playerId: 'fun-2', currency: 'EUR', mode: 'fun', language: 'tr' }),
    );
    await turkish.locator('[data-testid=fun-badge]').waitFor();
    expect(await turkish.locator('[data-testid=fun-badge]').textContent()).toBe('Oyun parası');
    expect(await turkish.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await turkish.screenshot({ path: join(SCREENSHOTS, 'fun-mode-phone-tr.png') });

    // The same player for real money: the cashier, no badge, the real balance only.
    await ui.platform.ledger.deposit(OPERATOR, 'fun-1', 'EUR', 5_000n);
    const real = await ui.newPage({ viewport: { width: 1360, height: 900 } });
    await real.goto(await launch(key, { playerId: 'fun-1', currency: 'EUR', cashierUrl: CASHIER }));
    const cashier = real.locator('[data-testid=cashier]');
    await cashier.waitFor();
    expect(await cashier.getAttribute('href')).toBe(CASHIER);
    expect(await real.locator('[data-testid=fun-badge]').count()).toBe(0);
    await real.waitForFunction(
      () => document.querySelector('[data-testid=balance]')?.getAttribute('data-balance') === '5000',
      undefined,
      { timeout: 20_000 },
    );
  });
});
