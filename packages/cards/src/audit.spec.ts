import { auditFinishedShoe, auditShoe } from './audit';
import { seededRandom } from './random';
import { createShoe, Shoe } from './shoe';

/** Plays rounds of 4–6 cards until the cut card comes out, then closes the shoe. */
function playShoe(seed: string): Shoe {
  const random = seededRandom(seed);
  const shoe = createShoe({ decks: 8, cutCard: { minFromBack: 14, maxFromBack: 30 } }, random);
  shoe.burn();
  for (let round = 1; !shoe.cutCardReached; round++) {
    shoe.startRound(round);
    const cards = Array.from({ length: 4 + (random.nextUint32() % 3) }, () => shoe.draw());
    shoe.discard(cards);
  }
  shoe.close();
  return shoe;
}

describe('auditShoe', () => {
  it('accounts for every card of a finished shoe exactly once', () => {
    const shoe = playShoe('a1');
    const audit = auditFinishedShoe(shoe);
    expect(audit.problems).toEqual([]);
    expect(audit.ok).toBe(true);
    const { checked } = audit;
    expect(checked.commitmentVerified).toBe(true);
    expect(checked.compositionComplete).toBe(true);
    expect(checked.dealt + checked.burned + checked.remaining).toBe(416);
    expect(checked.positionsMatched).toBe(checked.dealt + checked.burned);
    expect(checked.discarded).toBe(checked.dealt);
    expect(checked.remaining).toBe(shoe.remaining);
  });

  it('reports a record whose card does not match the revealed position', () => {
    const shoe = playShoe('a2');
    const record = shoe.record();
    const reveal = shoe.reveal();
    const index = record.entries.findIndex((e) => e.kind === 'dealt');
    const wrong = reveal.order.find((c) => c !== record.entries[index].card) as string;
    record.entries[index] = { ...record.entries[index], card: wrong };
    const audit = auditShoe(record, reveal);
    expect(audit.ok).toBe(false);
    expect(audit.problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(['CARD_MISMATCH', 'COMPOSITION_MISMATCH']),
    );
  });

  it('reports a missing entry, a discard of an undealt card, a tampered reveal and an open shoe', () => {
    const shoe = playShoe('a3');
    const record = shoe.record();
    const reveal = shoe.reveal();
    const dropped = { ...record, entries: record.entries.filter((e) => e.position !== 20) };
    expect(auditShoe(dropped, reveal).problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(['RECORD_SEQUENCE', 'POSITION_MISMATCH']),
    );
    const extraDiscard = {
      ...record,
      entries: [
        ...record.entries,
        { seq: record.entries.length + 1, kind: 'discarded' as const, card: 'AS' },
      ],
    };
    expect(auditShoe(extraDiscard, reveal).problems.map((p) => p.code)).toContain('UNKNOWN_DISCARD');
    const order = [...reveal.order];
    [order[400], order[401]] = [order[401], order[400]];
    const tampered = auditShoe(record, { ...reveal, order });
    expect(tampered.checked.commitmentVerified).toBe(false);
    expect(tampered.problems.map((p) => p.code)).toContain('COMMITMENT_FAILED');
    expect(auditShoe({ ...record, closed: false }, reveal).problems.map((p) => p.code)).toEqual([
      'SHOE_NOT_CLOSED',
    ]);
  });

  it('cannot audit an open shoe through auditFinishedShoe', () => {
    const shoe = createShoe({ decks: 6 }, seededRandom(1));
    expect(() => auditFinishedShoe(shoe)).toThrow(expect.objectContaining({ code: 'SHOE_NOT_FINISHED' }));
  });
});
