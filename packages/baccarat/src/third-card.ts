/**
 * The third-card rules exactly as in docs/rules/baccarat.md#third-card-rule. Written as data so a reader can
 * compare it with the printed table; the lookups below are built from it once.
 */

/**
 * Banker with a two-card total of `bankerTotal`, after the Player drew a third card of value P3:
 * the P3 values on which the Banker draws. Totals 0–2 always draw, 7 never does.
 */
export const BANKER_DRAWS_WHEN_P3: Readonly<Record<number, readonly number[]>> = {
  0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
  4: [2, 3, 4, 5, 6, 7],
  5: [4, 5, 6, 7],
  6: [6, 7],
  7: [],
};

/** bankerTotal * 10 + p3 -> 1 when the Banker draws. Totals 8–9 never reach this (natural). */
export const BANKER_DRAW_LOOKUP: Readonly<Uint8Array> = (() => {
  const lookup = new Uint8Array(100);
  for (const [total, values] of Object.entries(BANKER_DRAWS_WHEN_P3)) {
    for (const p3 of values) lookup[Number(total) * 10 + p3] = 1;
  }
  return lookup;
})();

/** Both stand when either side's two-card total is 8 or 9; this overrides every drawing rule. */
export function isNaturalTotal(twoCardTotal: number): boolean {
  return twoCardTotal >= 8;
}

/** Whether the Player (no natural on the table) takes a third card: 0–5 draws, 6–7 stands. */
export function playerDraws(playerTwoCardTotal: number): boolean {
  return playerTwoCardTotal <= 5;
}

/**
 * Whether the Banker (no natural on the table) takes a third card. `playerThirdCardValue` is the point value of
 * the Player's third card, or null when the Player stood (then the Banker draws on 0–5 and stands on 6–7).
 */
export function bankerDraws(bankerTwoCardTotal: number, playerThirdCardValue: number | null): boolean {
  if (playerThirdCardValue === null) return bankerTwoCardTotal <= 5;
  return BANKER_DRAW_LOOKUP[bankerTwoCardTotal * 10 + playerThirdCardValue] === 1;
}
