import { dealerEntryOf } from '../../src/games/dealer-entry';
import { commitmentOfSeed, duelSidesOf, studioResultParts } from '../../src/games/studio-result';
import { createHash } from 'node:crypto';
import { serviceUrlFor } from '../../src/studio/dealer-api';

describe('studio games as the back office shows them', () => {
  it('names the two-card games sides from their engines and the winner from the definition', () => {
    expect(studioResultParts('dragonTiger', { game: 'dragonTiger', cards: ['KS', '2H'] })).toEqual({
      kind: 'duel',
      hands: [
        { side: 'Dragon', card: 'KS' },
        { side: 'Tiger', card: '2H' },
      ],
      winner: 'Dragon',
    });
    // Football Studio counts the ace high, Dragon Tiger low.
    expect(studioResultParts('footballStudio', { cards: ['AS', 'KH'] })).toMatchObject({ winner: 'Home' });
    expect(studioResultParts('dragonTiger', { cards: ['AS', 'KH'] })).toMatchObject({ winner: 'Tiger' });
    expect(studioResultParts('dragonTiger', { cards: ['7S', '7H'] })).toMatchObject({ winner: 'tie' });
    expect(duelSidesOf('footballStudio')).toEqual(['Home', 'Away']);
    expect(duelSidesOf('baccarat')).toBeNull();
  });

  it('adds the dice, reads the bead result and the seeds; other games fall back', () => {
    const fair = { serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: 3 };
    expect(studioResultParts('sicBo', { dice: [2, 4, 6], fair })).toEqual({
      kind: 'dice',
      dice: [2, 4, 6],
      total: 12,
      fair,
    });
    expect(studioResultParts('fanTan', { count: 57, result: 1 })).toEqual({
      kind: 'beads',
      count: 57,
      result: 1,
      fair: null,
    });
    expect(studioResultParts('baccarat', { cards: ['9H', '2C', 'KD', '3S'] })).toBeNull();
    expect(studioResultParts('dragonTiger', { cards: ['KS', 'XX'] })).toBeNull();
    expect(studioResultParts('nope', { dice: [1, 2, 3] })).toBeNull();
  });

  it('hashes a revealed server seed as the commitment does', async () => {
    const seed = 'ab'.repeat(32);
    expect(await commitmentOfSeed(seed)).toBe(createHash('sha256').update(seed, 'ascii').digest('hex'));
    expect(await commitmentOfSeed('not a seed')).toBeNull();
  });

  it("reads a dealer's entry from the game's result schema", () => {
    expect(dealerEntryOf('sicBo')).toEqual({ field: 'dice', size: 3 });
    expect(dealerEntryOf('fanTan')).toEqual({ field: 'count' });
    expect(dealerEntryOf('dragonTiger')).toEqual({ field: 'cards', size: 2 });
    expect(dealerEntryOf('footballStudio')).toEqual({ field: 'cards', size: 2 });
    expect(dealerEntryOf('baccarat')).toBeNull();
    expect(dealerEntryOf('roulette')).toBeNull();
  });

  it('reaches the four games at the one studio-games service', () => {
    const loc = { protocol: 'http:', hostname: 'studio.local' } as Location;
    const given = '?studio-games=http://10.0.0.6:4106';
    for (const game of ['sicBo', 'fanTan', 'dragonTiger', 'footballStudio'] as const) {
      expect(serviceUrlFor(game, given, loc)).toBe('http://10.0.0.6:4106');
      expect(serviceUrlFor(game, '', loc)).toBe('http://studio.local:3106');
    }
    expect(serviceUrlFor('sicBo', '?sicBo=http://10.0.0.7:1&studio-games=http://10.0.0.6:2', loc)).toBe(
      'http://10.0.0.7:1',
    );
  });
});
