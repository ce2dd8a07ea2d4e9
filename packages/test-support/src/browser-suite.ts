import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { chromiumInstalled, launchChromium } from './chromium';

/** The browser tests' screenshots: the ignored .screenshots/ at the root (`npm run screenshots` copies them to the docs). */
export const SCREENSHOTS = join(__dirname, '..', '..', '..', '.screenshots');

/** The jest hooks this module uses, read when called (tools import this package outside jest). */
interface JestHooks {
  describe: ((name: string, body: () => void) => void) & { skip: (name: string, body: () => void) => void };
  beforeAll(fn: () => Promise<void>, timeoutMs?: number): void;
  afterAll(fn: () => Promise<void>, timeoutMs?: number): void;
}
const hooks = () => globalThis as unknown as JestHooks;

/** A describe block of browser tests, skipped only outside CI when Chromium is missing (CI must run them). */
export function describeBrowser(name: string, body: () => void): void {
  const { describe } = hooks();
  (chromiumInstalled() || process.env.CI ? describe : describe.skip)(name, body);
}

export interface PlatformInChromium<P> {
  /** The started platform (after beforeAll). */
  readonly platform: P;
  readonly browser: Browser;
  /** A page in a context of its own: 1360×900 at 1× unless `options` say otherwise, 30 s default timeout. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * A web app's platform and Debian's Chromium for one describe block: `start` and Chromium side by side in its
 * beforeAll (the screenshots' folder made), both closed in its afterAll.
 */
export function platformInChromium<P extends { stop(): Promise<void> }>(
  start: () => Promise<P>,
  startTimeoutMs = 120_000,
): PlatformInChromium<P> {
  let platform: P | undefined;
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  hooks().beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [platform, chromium] = await Promise.all([start(), launchChromium()]);
  }, startTimeoutMs);
  hooks().afterAll(async () => {
    await chromium?.close();
    await platform?.stop();
  }, 60_000);
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the platform and Chromium start in beforeAll');
    return part;
  };
  return {
    get platform() {
      return started(platform);
    },
    get browser() {
      return started(chromium).browser;
    },
    async newPage(options = {}) {
      const context = await started(chromium).browser.newContext({
        viewport: { width: 1360, height: 900 },
        deviceScaleFactor: 1,
        ...options,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      return page;
    },
  };
}
