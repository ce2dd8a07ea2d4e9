import type { Page } from 'playwright-core';

// What the browser specs wait for on a table page.

/** The balance the page shows (its data attribute, minor units) once it equals `expected`. */
export const balanceShown = (page: Page, expected: bigint): Promise<unknown> =>
  page.waitForFunction(
    (want) => document.querySelector('[data-testid=balance]')?.getAttribute('data-balance') === want,
    String(expected),
    { timeout: 30_000 },
  );

/** A betting window with at least `seconds` left on the countdown. */
export const bettingWindow = (page: Page, seconds = 3): Promise<unknown> =>
  page.waitForFunction(
    (min) =>
      document.querySelector('[data-phase]')?.getAttribute('data-phase') === 'betting' &&
      Number(document.querySelector('.countdown__seconds')?.textContent ?? '0') >= min,
    seconds,
    { timeout: 30_000 },
  );
