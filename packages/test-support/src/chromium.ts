import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium for the browser tests (scripts/ensure-chromium.sh installs it); never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM);
}

/**
 * Headless Chromium with nothing that reaches the network on its own (no updates, sync, QUIC, first-run pages).
 * Playwright gives it a fresh --user-data-dir of its own (it refuses one in `args`) and removes it at close.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
