import { cardAttestation, withCardSignature } from './card-signatures';

describe('the studio signatures of a round’s cards', () => {
  it('keeps each by its card’s index; a rescanned card’s is replaced, a gap is null', () => {
    let sigs = withCardSignature(undefined, 0, 's0');
    sigs = withCardSignature(sigs, 1, 's1-misread');
    sigs = withCardSignature(sigs, 1, 's1');
    expect(sigs).toEqual(['s0', 's1']);
    expect(withCardSignature(sigs, 3, 's3')).toEqual(['s0', 's1', null, 's3']);
    expect(withCardSignature(sigs, 2, undefined)).toEqual(['s0', 's1', null]);
  });

  it('attests the result only when every dealt card has one', () => {
    expect(cardAttestation(['a', 'b', 'c'], 2)).toEqual({ attestation: { cards: ['a', 'b'] } });
    expect(cardAttestation(['a', null], 2)).toEqual({});
    expect(cardAttestation(['a'], 2)).toEqual({});
    expect(cardAttestation(undefined, 4)).toEqual({});
  });
});
