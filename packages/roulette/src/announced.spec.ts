import { announcedBetChips, announcedBetUnits, expandAnnouncedBet, validateAnnouncedBet } from './announced';
import { coverage } from './coverage';
import { validateBet } from './validate';
import { WHEEL_ORDER } from './wheel';

const sorted = (ns: readonly number[]) => [...ns].sort((a, b) => a - b);
const text = (chips: ReturnType<typeof announcedBetChips>) =>
  chips.map(({ bet, chips: n }) => `${bet.type}:${'numbers' in bet ? bet.numbers.join('/') : ''}x${n}`);

/** The pockets of the wheel arc from `from` to `to` clockwise. */
function arc(from: number, to: number): number[] {
  const start = WHEEL_ORDER.indexOf(from);
  const out: number[] = [];
  for (let i = start; ; i = (i + 1) % 37) {
    out.push(WHEEL_ORDER[i]);
    if (WHEEL_ORDER[i] === to) return out;
  }
}

describe('announced bets', () => {
  it('places voisins du zéro as 9 chips over the 17 numbers from 22 to 25', () => {
    const chips = announcedBetChips({ type: 'voisinsDuZero' });
    expect(text(chips)).toEqual([
      'street:0/2/3x2',
      'split:4/7x1',
      'split:12/15x1',
      'split:18/21x1',
      'split:19/22x1',
      'corner:25/26/28/29x2',
      'split:32/35x1',
    ]);
    expect(announcedBetUnits({ type: 'voisinsDuZero' })).toBe(9);
    const covered = coverage(chips.map((c) => c.bet)).numbers;
    expect(covered).toEqual(sorted(arc(22, 25)));
    expect(covered).toHaveLength(17);
  });

  it('places tiers du cylindre as 6 splits over the 12 numbers from 27 to 33', () => {
    const chips = announcedBetChips({ type: 'tiersDuCylindre' });
    expect(text(chips)).toEqual([
      'split:5/8x1',
      'split:10/11x1',
      'split:13/16x1',
      'split:23/24x1',
      'split:27/30x1',
      'split:33/36x1',
    ]);
    expect(coverage(chips.map((c) => c.bet)).numbers).toEqual(sorted(arc(27, 33)));
  });

  it('places orphelins as 5 chips over the remaining 8 numbers', () => {
    const chips = announcedBetChips({ type: 'orphelins' });
    expect(text(chips)).toEqual([
      'straight:1x1',
      'split:6/9x1',
      'split:14/17x1',
      'split:17/20x1',
      'split:31/34x1',
    ]);
    expect(coverage(chips.map((c) => c.bet)).numbers).toEqual([1, 6, 9, 14, 17, 20, 31, 34]);
    expect(sorted([...arc(17, 6), ...arc(1, 9)])).toEqual([1, 6, 9, 14, 17, 20, 31, 34]);
  });

  it('splits the wheel: voisins, tiers and orphelins cover all 37 numbers exactly once', () => {
    const all = (['voisinsDuZero', 'tiersDuCylindre', 'orphelins'] as const).flatMap(
      (type) => coverage(announcedBetChips({ type }).map((c) => c.bet)).numbers,
    );
    expect(sorted(all)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it('places jeu zéro as 4 chips over the 7 numbers from 12 to 15', () => {
    const chips = announcedBetChips({ type: 'jeuZero' });
    expect(text(chips)).toEqual(['split:0/3x1', 'split:12/15x1', 'straight:26x1', 'split:32/35x1']);
    expect(coverage(chips.map((c) => c.bet)).numbers).toEqual(sorted(arc(12, 15)));
  });

  it('places neighbours as straights on the number and n each side on the wheel', () => {
    const chips = announcedBetChips({ type: 'neighbours', number: 0, count: 2 });
    expect(text(chips)).toEqual([
      'straight:3x1',
      'straight:26x1',
      'straight:0x1',
      'straight:32x1',
      'straight:15x1',
    ]);
    expect(
      coverage(announcedBetChips({ type: 'neighbours', number: 10, count: 9 }).map((c) => c.bet)).count,
    ).toBe(19);
  });

  it('expands into valid basic bets with stake = chips × unit', () => {
    const expanded = expandAnnouncedBet({ type: 'voisinsDuZero' }, 500n);
    expect(expanded.map((e) => e.stake)).toEqual([1000n, 500n, 500n, 500n, 500n, 1000n, 500n]);
    expect(expanded.reduce((sum, e) => sum + e.stake, 0n)).toBe(4500n);
    for (const type of ['voisinsDuZero', 'tiersDuCylindre', 'orphelins', 'jeuZero'] as const) {
      for (const { bet } of expandAnnouncedBet({ type }, 1n))
        expect(validateBet(bet)).toMatchObject({ ok: true, bet });
    }
    for (let number = 0; number <= 36; number++) {
      for (const { bet } of expandAnnouncedBet({ type: 'neighbours', number, count: 9 }, 1n)) {
        expect(validateBet(bet).ok).toBe(true);
      }
    }
  });

  it('hands out fresh bets that cannot corrupt the compositions', () => {
    const [first] = announcedBetChips({ type: 'tiersDuCylindre' });
    (first.bet as unknown as { numbers: number[] }).numbers.push(99);
    expect(text(announcedBetChips({ type: 'tiersDuCylindre' }))[0]).toBe('split:5/8x1');
  });

  it('rejects unknown announced bets, bad neighbours and bad unit stakes', () => {
    expect(validateAnnouncedBet({ type: 'finaleEnPlein' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_ANNOUNCED_BET',
    });
    expect(validateAnnouncedBet(null)).toMatchObject({ ok: false, code: 'UNKNOWN_ANNOUNCED_BET' });
    expect(validateAnnouncedBet({ type: 'toString' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_ANNOUNCED_BET',
    });
    expect(validateAnnouncedBet({ type: 'neighbours', number: 37, count: 2 })).toMatchObject({
      code: 'INVALID_NEIGHBOURS',
    });
    expect(validateAnnouncedBet({ type: 'neighbours', number: 5, count: 0 })).toMatchObject({
      code: 'INVALID_NEIGHBOURS',
    });
    expect(validateAnnouncedBet({ type: 'neighbours', number: 5, count: 10 })).toMatchObject({
      code: 'INVALID_NEIGHBOURS',
    });
    expect(validateAnnouncedBet({ type: 'neighbours', number: 5, count: 9 })).toEqual({
      ok: true,
      announced: { type: 'neighbours', number: 5, count: 9 },
    });
    expect(() => expandAnnouncedBet({ type: 'orphelins' }, 0n)).toThrow(
      expect.objectContaining({ code: 'INVALID_STAKE' }),
    );
    expect(() => expandAnnouncedBet({ type: 'neighbours', number: 1, count: 12 }, 1n)).toThrow(
      expect.objectContaining({ code: 'INVALID_NEIGHBOURS' }),
    );
  });
});
