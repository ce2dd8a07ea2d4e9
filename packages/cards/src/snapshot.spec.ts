import { seededRandom } from './random';
import { createShoe, restoreShoe } from './shoe';

describe('snapshot / restore', () => {
  it('resumes with the same continuation, record and commitment', () => {
    const shoe = createShoe({ decks: 6, cutCard: { minFromBack: 50, maxFromBack: 80 } }, seededRandom('s1'));
    shoe.burn();
    shoe.startRound(1);
    const dealt = [shoe.draw(), shoe.draw(), shoe.draw(), shoe.draw()];
    shoe.discard(dealt);
    shoe.startRound(2);
    shoe.draw();

    const snapshot = JSON.parse(JSON.stringify(shoe.snapshot()));
    const restored = restoreShoe(snapshot);
    expect(restored.commitment()).toEqual(shoe.commitment());
    expect(restored.record()).toEqual(shoe.record());
    expect(restored.cutPosition).toBe(shoe.cutPosition);
    expect(restored.currentRound).toBe(2);
    expect(restored.burnedCount).toBe(shoe.burnedCount);

    const rest = (s: typeof shoe) => Array.from({ length: s.remaining }, () => s.draw());
    expect(rest(restored)).toEqual(rest(shoe));
    expect(restored.cutCardReached).toBe(true);
    restored.close();
    shoe.close();
    expect(restored.reveal()).toEqual(shoe.reveal());
    expect(restored.record()).toEqual(shoe.record());
  });

  it('keeps a closed shoe closed', () => {
    const shoe = createShoe({ decks: 1 }, seededRandom(1));
    shoe.draw();
    shoe.close();
    const restored = restoreShoe(shoe.snapshot());
    expect(restored.isClosed).toBe(true);
    expect(() => restored.draw()).toThrow(expect.objectContaining({ code: 'SHOE_FINISHED' }));
  });

  it('rejects inconsistent snapshots with INVALID_SNAPSHOT', () => {
    const good = createShoe({ decks: 1 }, seededRandom(1)).snapshot();
    const bad = [
      { ...good, version: 2 },
      { ...good, order: good.order.slice(1) },
      { ...good, order: [good.order[1], ...good.order.slice(1)] },
      { ...good, salt: 'xyz' },
      { ...good, position: 53 },
      { ...good, cutPosition: 0 },
      { ...good, burns: [{ from: 0, to: 3 }] },
      { ...good, discards: [{ atPosition: 0, round: null, cards: [99] }] },
    ];
    for (const snapshot of bad) {
      expect(() => restoreShoe(snapshot as typeof good)).toThrow(
        expect.objectContaining({ code: 'INVALID_SNAPSHOT' }),
      );
    }
  });
});
