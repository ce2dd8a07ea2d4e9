import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { DEALER_PASSWORD, Platform, ROULETTE_STUDIO } from './platform';

// Signed live results (docs/kafka-security.md#signed-live-results, docs/dealers.md#signed-results) in Debian's
// Chromium: the studio console makes its Ed25519 key with WebCrypto (kept in IndexedDB, not extractable), a pit
// boss registers its public key for the roulette studio table in the back office, the dealer announces a pocket
// and the ledger settles the spin only because the console signed it; a console whose key was replaced (not
// registered) leaves the next spin disputed.

describeBrowser('studio console signs the results it enters (Chromium)', () => {
  const ui = platformInChromium(() => Platform.start({ roulette: true }), 180_000);
  const { newPage } = ui;

  const phase = (page: Page, want: string) =>
    page.waitForSelector(`.console[data-phase="${want}"]`, { timeout: 30_000 });
  const roundStatus = async (roundId: string, want: string, tableId = ROULETTE_STUDIO) => {
    for (const deadline = Date.now() + 20_000; ;) {
      const round = await ui.platform
        .api<{ status: string; problem?: string | null }>(`/tables/${tableId}/rounds/${roundId}`)
        .catch(() => null);
      if (round?.status === want || Date.now() > deadline) return round;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  /** One spin on the console: the wheel opens a round, betting closes, the dealer announces 17. */
  const spin = async (page: Page): Promise<string> => {
    await phase(page, 'spinning');
    const roundId = (await page.textContent('.console__state dd.mono'))?.trim() ?? '';
    await page.fill('input[name=pocket]', '17');
    await page.fill('input[name=revolutions]', '6');
    await page.click('text=Announce');
    await phase(page, 'result');
    return roundId;
  };

  it('the console makes its key, a pit boss registers it, the signed pocket settles; an unregistered key disputes', async () => {
    const dealer = await newPage();
    await dealer.goto(ui.platform.studioUrl);
    await dealer.selectOption('select[name=game]', 'roulette');
    await dealer.fill('input[name=dealerId]', 'rui');
    await dealer.fill('input[name=password]', DEALER_PASSWORD);
    await dealer.click('button[type=submit]');
    await dealer.click(`button[data-table="${ROULETTE_STUDIO}"]`);
    await phase(dealer, 'closed');
    // WebCrypto Ed25519 in this Chromium: the key is made and kept by the browser, only its public half shown.
    await dealer.click('text=Create signing key');
    const keyBox = dealer.locator('textarea[name=studioPublicKey]');
    await keyBox.waitFor();
    const publicKey = await keyBox.inputValue();
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+-----END PUBLIC KEY-----\n$/);

    const pitBoss = await newPage();
    const password = await ui.platform.createStaff('pia', 'pit_boss');
    await pitBoss.goto(ui.platform.backOfficeUrl);
    await pitBoss.fill('input[name=user]', 'pia');
    await pitBoss.fill('input[name=password]', password);
    await pitBoss.click('button[type=submit]');
    await pitBoss.waitForSelector('.topbar');
    await pitBoss.goto(`${ui.platform.backOfficeUrl}#/tables`);
    await pitBoss.click(`tr[data-table="${ROULETTE_STUDIO}"] >> text=Studio key`);
    await pitBoss.fill('textarea[name=resultPublicKey]', publicKey);
    await pitBoss.fill('input[name=keyReason]', 'studio 1 console, wheel 3');
    await pitBoss.click('text=Register key');
    await pitBoss.waitForSelector(`text=Studio key of ${ROULETTE_STUDIO} registered`);
    await pitBoss.screenshot({ path: join(SCREENSHOTS, 'back-office-studio-key.png'), fullPage: true });

    // The key survives a reload: it is the browser's, in IndexedDB.
    await dealer.reload();
    await dealer.click(`button[data-table="${ROULETTE_STUDIO}"]`);
    expect(await dealer.locator('textarea[name=studioPublicKey]').inputValue()).toBe(publicKey);
    await dealer.click('text=Wheel ready');
    const signed = await spin(dealer);
    expect(await roundStatus(signed, 'settled')).toMatchObject({ status: 'settled' });
    await dealer.screenshot({ path: join(SCREENSHOTS, 'studio-console-signed-pocket.png'), fullPage: true });

    // A new key on the console that nobody registered: its signature is not the table's key's.
    dealer.once('dialog', (d) => void d.accept());
    await dealer.click('text=Replace signing key');
    await dealer.waitForFunction(
      (old) =>
        (document.querySelector('textarea[name=studioPublicKey]') as HTMLTextAreaElement)?.value !== old,
      publicKey,
    );
    const unregistered = await spin(dealer);
    expect(await roundStatus(unregistered, 'disputed')).toMatchObject({
      status: 'disputed',
      problem: expect.stringMatching(/^RESULT_SIGNATURE_INVALID/),
    });
  });

  it('signs each scanned baccarat card at its index, a rescanned one again: the ledger settles the round', async () => {
    const dealer = await newPage();
    await dealer.goto(ui.platform.studioUrl);
    await dealer.fill('input[name=dealerId]', 'ana');
    await dealer.fill('input[name=password]', DEALER_PASSWORD);
    await dealer.click('button[type=submit]');
    await dealer.click('button[data-table="bac-studio"]');
    await phase(dealer, 'waiting-shoe');
    await dealer.click('text=Create signing key');
    const publicKey = await dealer.locator('textarea[name=studioPublicKey]').inputValue();
    await ui.platform.api('/tables/bac-studio/result-key', {
      method: 'PUT',
      body: { publicKey, reason: 'studio 2 console' },
    });
    await dealer.click('text=New shoe');
    await phase(dealer, 'dealing');
    const roundId = (await dealer.textContent('.console__state dd.mono'))?.trim() ?? '';
    const scan = dealer.locator('input[name=scan]');
    const deal = async (card: string) => {
      await scan.fill(card);
      await scan.press('Enter');
      await dealer.waitForSelector(`.hands [data-card="${card.toUpperCase()}"]`);
    };
    await deal('4s');
    await deal('QH');
    await dealer.click('text=Rescan last card');
    await dealer.waitForSelector('.hands [data-card="QH"]', { state: 'detached' });
    // Player 4+4 = 8, Banker 2+5 = 7: naturals, the result at the fourth card.
    for (const card of ['2H', '4D', '5H']) await deal(card);
    await phase(dealer, 'result');
    expect(await roundStatus(roundId, 'settled', 'bac-studio')).toMatchObject({ status: 'settled' });
  });
});
