import { CARDS_PER_DECK, cardToText } from '@casino/cards';
import fc from 'fast-check';
import { duelFromCards } from './duel';
import { DuelGameRules, duelReturn } from './pay-table';
import { duelMaxReturn, settleDuelRound } from './settle';

type Key = 'a' | 'b' | 'tie' | 'suited';
const rules: DuelGameRules<Key> = {
  id: 'duel',
  title: 'Duel',
  ace: 'high',
  sides: ['A', 'B'],
  decks: 8,
  betKeys: ['a', 'b', 'tie', 'suited'],
  payTable: {
    a: { role: 'first', pays: 1n },
    b: { role: 'second', pays: 1n },
    tie: { role: 'tie', pays: 11n },
    suited: { role: 'suitedTie', pays: 50n },
  },
};
const bet = (betId: string, type: Key, stake: bigint) => ({
  betId,
  playerId: 'p1',
  stake,
  spec: { game: 'duel', type },
});

describe('settling a two-card round', () => {
  it('pays the winning side even money, the tie 11:1, the suited tie 50:1', () => {
    expect(settleDuelRound(rules, ['AS', 'KS'], [bet('1', 'a', 1000n), bet('2', 'b', 1000n)])).toEqual({
      ok: true,
      items: [
        { betId: '1', returned: 2000n, outcome: 'win' },
        { betId: '2', returned: 0n, outcome: 'lose' },
      ],
    });
    const tie = settleDuelRound(rules, ['9S', '9D'], [bet('t', 'tie', 100n), bet('s', 'suited', 100n)]);
    expect(tie).toEqual({
      ok: true,
      items: [
        { betId: 't', returned: 1200n, outcome: 'win' },
        { betId: 's', returned: 0n, outcome: 'lose' },
      ],
    });
    const suited = settleDuelRound(rules, ['9D', '9D'], [bet('t', 'tie', 100n), bet('s', 'suited', 100n)]);
    expect(suited.ok && suited.items.map((i) => i.returned)).toEqual([1200n, 5100n]);
  });

  it('returns half a side bet on a tie; the odd minor unit is the house’s', () => {
    const s = settleDuelRound(
      rules,
      ['4H', '4C'],
      [bet('1', 'a', 1001n), bet('2', 'b', 1000n), bet('3', 'a', 1n)],
    );
    expect(s.ok && s.items).toEqual([
      { betId: '1', returned: 500n, outcome: 'lose' },
      { betId: '2', returned: 500n, outcome: 'lose' },
      { betId: '3', returned: 0n, outcome: 'lose' },
    ]);
  });

  it('refuses a result that is not two cards, paying nothing', () => {
    expect(settleDuelRound(rules, ['AS'], [bet('1', 'a', 1n)])).toMatchObject({
      ok: false,
      code: 'INVALID_RESULT',
    });
    expect(settleDuelRound(rules, ['AS', 'ZZ'], [])).toMatchObject({ ok: false, code: 'INVALID_RESULT' });
  });

  it('refuses to settle another game’s bet', () => {
    expect(() =>
      settleDuelRound(rules, ['AS', 'KS'], [{ ...bet('1', 'a', 1n), spec: { game: 'other', type: 'a' } }]),
    ).toThrow(/not a duel bet/);
  });

  it('gives the largest return per unit: the win', () => {
    expect(duelMaxReturn(rules, 'a')).toEqual({ num: 2n, den: 1n });
    expect(duelMaxReturn(rules, 'suited')).toEqual({ num: 51n, den: 1n });
  });

  const card = fc.integer({ min: 0, max: CARDS_PER_DECK - 1 }).map(cardToText);
  const stake = fc.bigInt({ min: 1n, max: 10n ** 15n });

  it('property: a return is 0, half the stake rounded down, or stake × (pays + 1), never more than the max', () => {
    fc.assert(
      fc.property(card, card, stake, fc.constantFrom<Key>('a', 'b', 'tie', 'suited'), (c1, c2, s, key) => {
        const returned = duelReturn(rules.payTable[key], s, duelFromCards([c1, c2], rules.ace));
        const max = duelMaxReturn(rules, key);
        expect([0n, s / 2n, s * max.num]).toContain(returned);
        expect(returned * max.den <= s * max.num).toBe(true);
      }),
    );
  });

  it('property: Dragon and Tiger together never return more than their stakes; on a tie exactly the halves', () => {
    fc.assert(
      fc.property(card, card, stake, (c1, c2, s) => {
        const round = duelFromCards([c1, c2], rules.ace);
        const both = duelReturn(rules.payTable.a, s, round) + duelReturn(rules.payTable.b, s, round);
        expect(both).toBe(round.winner === 'tie' ? 2n * (s / 2n) : 2n * s);
      }),
    );
  });
});
