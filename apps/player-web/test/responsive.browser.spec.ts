import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeBrowser, platformInChromium, SCREENSHOTS } from '@casino/test-support';
import { Platform } from './platform';

// Every screen of the player client held upright on a phone (390×844), on a tablet (820×1180) and on a desktop, in
// Chromium against the real platform: nothing overflows the viewport sideways, the main controls (chips, bet spots,
// seats, the table's buttons) are on screen and big enough for a thumb (40 px), every button has an accessible
// name in the player's language (Chromium's accessibility tree), and Persian is laid out right to left. Screenshots
// go to the ignored .screenshots/<screen>-<size>.png (`npm run screenshots` copies them to docs/screenshots/).

const SIZES = {
  phone: { width: 390, height: 844, mobile: true },
  tablet: { width: 820, height: 1180, mobile: true },
  desktop: { width: 1360, height: 900, mobile: false },
} as const;
type Size = keyof typeof SIZES;

/** Smallest side of a control a thumb must hit (px). */
const THUMB = 40;

interface Screen {
  name: string;
  language: string;
  table?: { game: string; tableId: string };
  /** The element that says the screen is ready. */
  ready: string;
  /** The main controls: each must be on screen, inside the viewport and at least THUMB px each way. */
  controls: string[];
  /** Shown and readable (inside the viewport sideways), not necessarily tappable. */
  shown: string[];
  /** Scrolled to the middle of the screen for the screenshot (else the top of the page). */
  shotAt?: string;
  /** The sizes it is checked at (every size unless given). */
  sizes?: Size[];
}

const CHIPS = ['[data-chip]', '[data-action=undo]', '[data-action=repeat]'];
const TABLE_BUTTONS = [
  '[data-testid=back]',
  '[data-action=limits]',
  '[data-action=rules]',
  '[data-action=sound]',
];

const SCREENS: Screen[] = [
  {
    name: 'lobby',
    language: 'en',
    ready: '[data-table="bac-1"] [data-road=big] circle',
    controls: ['[data-open]', '[data-filter-game=all]', '[data-filter-game=roulette]', '.language-select'],
    shown: ['[data-table="bac-1"] [data-road=big]', '[data-testid=balance]'],
  },
  {
    name: 'lobby-fa',
    language: 'fa',
    ready: '[data-table="bac-1"] [data-road=big] circle',
    controls: ['[data-open]', '[data-filter-game=all]', '.language-select'],
    shown: ['[data-table="bac-1"] [data-road=big]', '[data-testid=balance]'],
  },
  {
    name: 'baccarat',
    language: 'en',
    table: { game: 'baccarat', tableId: 'bac-1' },
    ready: '[data-testid=table-baccarat] [data-road=bead] circle',
    controls: [
      '[data-bet=player]',
      '[data-bet=banker]',
      '[data-bet=tie]',
      '[data-bet=playerPair]',
      ...CHIPS,
      ...TABLE_BUTTONS,
    ],
    shown: ['[data-road=bead]', '[data-road=big]', '[data-testid=phase]'],
  },
  {
    name: 'baccarat-fa',
    language: 'fa',
    table: { game: 'baccarat', tableId: 'bac-2' },
    ready: '[data-testid=table-baccarat] [data-road=bead] circle',
    controls: ['[data-bet=player]', '[data-bet=banker]', '[data-bet=tie]', ...CHIPS, ...TABLE_BUTTONS],
    shown: ['[data-road=bead]', '[data-road=big]'],
  },
  {
    name: 'rng-baccarat',
    language: 'en',
    table: { game: 'baccarat', tableId: 'bac-rng' },
    ready: '[data-testid=table-rng] [data-bet=banker]',
    controls: [
      '[data-bet=player]',
      '[data-bet=banker]',
      '[data-bet=tie]',
      '[data-chip]',
      '[data-action=deal]',
      ...TABLE_BUTTONS,
    ],
    shown: ['[data-road=bead]'],
  },
  {
    name: 'roulette',
    language: 'en',
    table: { game: 'roulette', tableId: 'rou-1' },
    ready: '[data-testid=table-roulette] [data-spot="straight:17"]',
    controls: [
      '[data-spot="straight:0"]',
      '[data-spot="straight:17"]',
      '[data-spot="straight:36"]',
      '[data-spot="red"]',
      '[data-spot="odd"]',
      '[data-spot="dozen:3"]',
      '[data-spot="column:1"]',
      '[data-announced=orphelins]',
      ...CHIPS,
      ...TABLE_BUTTONS,
    ],
    shown: ['[data-testid=roulette-stats]', '[data-testid=racetrack]'],
  },
  {
    // Right to left on a phone: the wheel's numbers and the racetrack stay as the table has them, the page mirrors.
    name: 'roulette-fa',
    language: 'fa',
    table: { game: 'roulette', tableId: 'rou-1' },
    ready: '[data-testid=table-roulette] [data-spot="straight:17"]',
    controls: [
      '[data-spot="straight:0"]',
      '[data-spot="straight:36"]',
      '[data-spot="red"]',
      '[data-spot="dozen:3"]',
      ...CHIPS,
      ...TABLE_BUTTONS,
    ],
    shown: ['[data-testid=roulette-stats]', '[data-testid=racetrack]'],
    sizes: ['phone'],
  },
  {
    name: 'blackjack',
    language: 'en',
    table: { game: 'blackjack', tableId: 'bj-1' },
    ready: '[data-testid=table-blackjack] [data-seat="7"]',
    controls: ['[data-sit="1"]', '[data-sit="4"]', '[data-sit="7"]', '[data-chip]', ...TABLE_BUTTONS],
    shown: ['[data-testid=phase]'],
  },
];

/** Elements sticking out of the viewport sideways, unless inside a box that scrolls or clips them on purpose. */
const overflowing = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left >= -1 && r.right <= width + 1) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} [${Math.round(r.left)}, ${Math.round(r.right)}]`,
        );
    }
    return out.slice(0, 10);
  });

/** Buttons, switches and selects of Chromium's accessibility tree without a name. */
const unnamed = async (page: Page): Promise<string[]> => {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      ignored: boolean;
      role?: { value: string };
      name?: { value: string };
      backendDOMNodeId?: number;
    }[];
  };
  const roles = new Set(['button', 'switch', 'checkbox', 'combobox', 'tab', 'link']);
  const missing = nodes
    .filter((n) => !n.ignored && roles.has(n.role?.value ?? '') && !(n.name?.value ?? '').trim())
    .map((n) => `${n.role?.value} #${n.backendDOMNodeId}`);
  await cdp.detach();
  return missing;
};

describeBrowser('the player client on a phone, a tablet and a desktop (Chromium)', () => {
  const ui = platformInChromium(() => Platform.start());

  const open = async (screen: Screen, size: Size): Promise<Page> => {
    const { width, height, mobile } = SIZES[size];
    const page = await ui.newPage({ viewport: { width, height }, isMobile: mobile, hasTouch: mobile });
    const player = `${screen.name}-${size}`;
    await page.goto(await ui.platform.launch(player, 100_000n, screen.language, screen.table));
    await page.locator(screen.ready).first().waitFor();
    return page;
  };

  /** What is wrong with the screen at this size (empty when it fits). */
  const problems = async (page: Page, screen: Screen, size: Size): Promise<string[]> => {
    const { width, height } = SIZES[size];
    const found = (await overflowing(page)).map((x) => `overflows: ${x}`);
    for (const selector of screen.controls) {
      const all = await page.locator(selector).all();
      if (all.length === 0) found.push(`${selector}: missing`);
      for (const control of all) {
        await control.scrollIntoViewIfNeeded();
        const box = await control.boundingBox();
        if (!box || !(await control.isVisible())) {
          found.push(`${selector}: not visible`);
          continue;
        }
        const at = `${selector} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        if (box.x < -0.5 || box.x + box.width > width + 0.5)
          found.push(`${at}: outside the viewport sideways`);
        if (box.y < -0.5 || box.y + box.height > height + 0.5) found.push(`${at}: taller than the viewport`);
        if (box.width < THUMB || box.height < THUMB) found.push(`${at}: smaller than ${THUMB} px`);
      }
    }
    for (const selector of screen.shown) {
      const box = await page.locator(selector).first().boundingBox();
      if (!box) found.push(`${selector}: not shown`);
      else if (box.x < -0.5 || box.x + box.width > width + 0.5) found.push(`${selector}: cut off sideways`);
    }
    found.push(...(await unnamed(page)).map((x) => `no accessible name: ${x}`));
    if (screen.language === 'fa' && (await page.evaluate(() => document.documentElement.dir)) !== 'rtl')
      found.push('not right to left');
    return found;
  };

  for (const screen of SCREENS)
    it(`${screen.name}: fits ${screen.sizes ? screen.sizes.join(', ') : 'a phone, a tablet and a desktop'}, controls tappable and named`, async () => {
      const found: string[] = [];
      for (const size of screen.sizes ?? (Object.keys(SIZES) as Size[])) {
        const page = await open(screen, size);
        found.push(...(await problems(page, screen, size)).map((p) => `${size}: ${p}`));
        // What the player sees without scrolling (the chips stay at the bottom on a phone), not the whole page.
        await page.evaluate(() => window.scrollTo(0, 0));
        if (screen.shotAt && size !== 'desktop')
          await page
            .locator(screen.shotAt)
            .evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(SCREENSHOTS, `${screen.name}-${size}.png`) });
        await page.context().close();
      }
      expect(found).toEqual([]);
    });

  it("remembers each player's sound switch and names the spots in the player's language", async () => {
    const page = await ui.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const table = { game: 'roulette', tableId: 'rou-1' };
    await page.goto(await ui.platform.launch('sound-a', 10_000n, 'en', table));
    const sound = page.locator('[data-action=sound]');
    expect(await sound.getAttribute('aria-checked')).toBe('true');
    expect(await sound.getAttribute('aria-label')).toBe('Sound');
    await sound.click();
    expect(await sound.getAttribute('aria-checked')).toBe('false');
    expect(await page.locator('[data-spot="split:20-23"]').getAttribute('aria-label')).toBe('Split 20, 23');
    expect(await page.locator('[data-chip="500"]').getAttribute('aria-label')).toBe('Chip €5.00');
    // Same browser, same player after a reload: still muted. Another player (or the same id at another
    // operator) has their own switch.
    await page.reload();
    expect(await page.locator('[data-action=sound]').getAttribute('aria-checked')).toBe('false');
    await page.goto(await ui.platform.launch('sound-b', 10_000n, 'fa', table));
    expect(await page.locator('[data-action=sound]').getAttribute('aria-checked')).toBe('true');
    expect(await page.locator('[data-action=sound]').getAttribute('aria-label')).toBe('صدا');
    expect(await page.locator('[data-spot="split:20-23"]').getAttribute('aria-label')).toBe('دوتایی ۲۰, ۲۳');
    await page.context().close();
  });
});
