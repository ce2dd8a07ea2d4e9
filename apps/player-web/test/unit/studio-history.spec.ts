import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES } from '../../src/i18n/languages';
import { duelSidesOf, STUDIO_GAME_IDS } from '../../src/tables/studio/studio-games';
import { StudioHistory, StudioTilePreview } from '../../src/tables/studio/studio-history';
import { STUDIO_STRINGS } from '../../src/tables/studio/studio-strings';

// The studio tables' results history reads without colour: every mark of one game is its own letter or sign in
// every language, and each round shows what the engine makes of it.

/** English `t` over the studio's words, with i18next's {{x}} interpolation. */
const t = (key: string, options?: Record<string, unknown>): string => {
  const text = STUDIO_STRINGS.en[key.replace(/^studio\./, '')] ?? String(options?.defaultValue ?? key);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(options?.[name] ?? ''));
};

describe('studio results history', () => {
  // The roads ask for the phone's media query: a desktop's answer (jest runs in node, without a window).
  const global = globalThis as { window?: unknown };
  beforeAll(() => {
    global.window = {
      matchMedia: () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }),
    };
  });
  afterAll(() => {
    delete global.window;
  });

  it('gives each side, tie and dice mark of a game its own sign, in every language', () => {
    for (const language of LANGUAGES) {
      const words = STUDIO_STRINGS[language];
      for (const game of STUDIO_GAME_IDS) {
        const sides = duelSidesOf(game);
        if (!sides) continue;
        const marks = [sides.first, sides.second, sides.tie].map((type) => words[`mark.${type}`]);
        expect(marks.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
        expect(new Set(marks).size).toBe(3);
      }
      const dice = ['small', 'big', 'triple'].map((type) => words[`mark.${type}`]);
      expect(dice.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
      expect(new Set(dice).size).toBe(3);
    }
  });

  it("shows Sic Bo's rounds newest first with the engine's total and Small, Big or triple", () => {
    const html = renderToStaticMarkup(
      createElement(StudioHistory, {
        game: 'sicBo',
        results: [
          { roundId: 'r1', dice: [1, 2, 4] },
          { roundId: 'r2', dice: [6, 5, 3] },
          { roundId: 'r3', dice: [2, 2, 2] },
        ],
        shoeId: null,
        t,
      }),
    );
    const rounds = [...html.matchAll(/data-result-round="(\w+)" data-total="(\d+)" data-mark="(\w+)"/g)].map(
      (m) => m.slice(1).join(':'),
    );
    expect(rounds).toEqual(['r3:6:triple', 'r2:14:big', 'r1:7:small']);
  });

  it("draws a card table's bead plate of the shoe in play only, each bead with its side's letter", () => {
    const html = renderToStaticMarkup(
      createElement(StudioHistory, {
        game: 'dragonTiger',
        results: [
          { roundId: 'old', cards: ['2H', '3S'], winner: 'second', shoeId: 's0' },
          { roundId: 'a', cards: ['KH', '3S'], winner: 'first', shoeId: 's1' },
          { roundId: 'b', cards: ['9H', '9S'], winner: 'tie', shoeId: 's1' },
        ],
        shoeId: 's1',
        t,
      }),
    );
    expect(html).not.toContain('data-result-round="old"');
    expect(html).toMatch(/data-result-round="a" data-mark="first"[^>]*>D</);
    expect(html).toMatch(/data-result-round="b" data-mark="tie"[^>]*>=</);
    // The tie is a slash on Dragon's win on the big road.
    expect(html).toMatch(/data-mark="first" data-ties="1"/);
  });

  it("previews Fan Tan's last results on its lobby tile, newest first", () => {
    const html = renderToStaticMarkup(
      createElement(StudioTilePreview, {
        game: 'fanTan',
        results: [
          { roundId: 'a', result: 3 },
          { roundId: 'b', result: 1 },
        ],
        t,
      }),
    );
    expect([...html.matchAll(/data-mark="(\d)"/g)].map((m) => m[1])).toEqual(['1', '3']);
  });
});
