import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import { HISTORY_STRINGS } from '../../src/history/history-strings';
import { duelOutcome, StudioRoundResult } from '../../src/history/StudioRoundResult';
import { STUDIO_STRINGS } from '../../src/tables/studio/studio-strings';

// A studio round in the player's history shows what the game's definition and engine make of the recorded result
// (the side each card went to and who won, the dice's total and Small/Big/triple, the beads' result): nothing of
// the games' rules is written in the client.

/** English `t` over the studio's and the history's words, with i18next's {{x}} interpolation. */
const t = (key: string, options?: Record<string, unknown>): string => {
  const [ns, ...rest] = key.split('.');
  const words: Record<string, string> =
    ns === 'studio' ? STUDIO_STRINGS.en : ns === 'history' ? HISTORY_STRINGS.en : {};
  const text = words[rest.join('.')] ?? String(options?.defaultValue ?? key);
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(options?.[name] ?? ''));
};

const render = (game: StudioGameId, result: Record<string, unknown>): string =>
  renderToStaticMarkup(createElement(StudioRoundResult, { game, result, t }));

/** The text of the element with `data-testid` (tags dropped). */
const textOf = (html: string, testId: string): string | null => {
  const m = new RegExp(`data-testid="${testId}"[^>]*>(.*?)</b>`).exec(html);
  return m ? m[1].replace(/<[^>]+>/g, '') : null;
};

describe("a studio round's result in the history", () => {
  it('puts each card under its side and names the winner as the definition decides (ace low at Dragon Tiger)', () => {
    const html = render('dragonTiger', { game: 'dragonTiger', cards: ['AS', '2H'] });
    expect(html).toContain('data-winner="second"');
    expect(html).toMatch(/data-side="dragon".*Dragon.*data-side="tiger"/);
    expect(html).toContain('class="rh-side rh-side--won" data-side="tiger"');
    expect(textOf(html, 'round-winner')).toBe('Tiger wins');
    const tie = render('dragonTiger', { game: 'dragonTiger', cards: ['7S', '7D'] });
    expect(textOf(tie, 'round-winner')).toBe('Tie');
  });

  it('reads Football Studio from its own definition: Home and Away, the ace high', () => {
    const html = render('footballStudio', { game: 'footballStudio', cards: ['AS', 'KH'] });
    expect(html).toContain('data-winner="first"');
    expect(textOf(html, 'round-winner')).toBe('Home wins');
    expect(duelOutcome('footballStudio', ['2S', '2H'])).toBe('tie');
    expect(duelOutcome('dragonTiger', ['KS'])).toBeNull();
  });

  it("shows Sic Bo's dice with the engine's total and Small, Big or the triple", () => {
    const small = render('sicBo', { game: 'sicBo', dice: [2, 2, 5] });
    expect(small).toContain('data-total="9"');
    expect((small.match(/data-die=/g) ?? []).length).toBe(3);
    expect(small).toContain('Total 9 · Small');
    expect(render('sicBo', { game: 'sicBo', dice: [6, 5, 4] })).toContain('Total 15 · Big');
    // A triple is neither Small nor Big.
    expect(render('sicBo', { game: 'sicBo', dice: [3, 3, 3] })).toContain('Total 9 · Triple 3');
    expect(render('sicBo', { game: 'sicBo', dice: [7, 1, 1] })).toBe('');
  });

  it("shows Fan Tan's bead count and the result it leaves", () => {
    const html = render('fanTan', { game: 'fanTan', count: 42, result: 2 });
    expect(html).toContain('data-result="2"');
    expect(html).toContain('42 beads');
    expect(html).toContain('Result 2');
  });
});
