import { createHash } from 'node:crypto';
import { commitmentPreimage, verifyCommitment } from './commitment';
import { standardDecks } from './composition';
import { seededRandom } from './random';
import { createShoe, shoeFromOrder } from './shoe';

function closedShoe(seed: string) {
  const shoe = createShoe({ decks: 8 }, seededRandom(seed));
  const commitment = shoe.commitment();
  for (let i = 0; i < 100; i++) shoe.draw();
  shoe.close();
  return { shoe, commitment, reveal: shoe.reveal() };
}

describe('shoe commitment', () => {
  it('verifies a revealed shoe against the commitment published before dealing', () => {
    const { commitment, reveal } = closedShoe('c1');
    expect(commitment).toMatchObject({ algorithm: 'sha256', decks: 8, cardCount: 416 });
    expect(commitment.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(reveal.order).toHaveLength(416);
    expect(reveal.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCommitment(commitment, reveal)).toEqual({ ok: true });
  });

  it('is the documented encoding, recomputable with plain SHA-256', () => {
    const { commitment, reveal } = closedShoe('c2');
    const text = `casino-shoe/v1;decks=8;order=${reveal.order.join(',')};salt=${reveal.salt}`;
    expect(commitmentPreimage(8, reveal.order, reveal.salt)).toBe(text);
    expect(createHash('sha256').update(text).digest('hex')).toBe(commitment.hash);
  });

  it('matches the worked example in docs/cards.md (pins the encoding)', () => {
    const salt = '00'.repeat(31) + '01';
    const shoe = shoeFromOrder(Array.from(standardDecks(1)), { decks: 1, salt });
    expect(shoe.commitment().hash).toBe('9686e79374429576bed0ffd03daa265f216bb6958e81f3d43da55588e0925669');
  });

  it('detects two swapped cards', () => {
    const { commitment, reveal } = closedShoe('c3');
    const order = [...reveal.order];
    const j = order.findIndex((c) => c !== order[0]);
    [order[0], order[j]] = [order[j], order[0]];
    expect(verifyCommitment(commitment, { ...reveal, order })).toMatchObject({
      ok: false,
      reason: 'HASH_MISMATCH',
    });
  });

  it('detects a replaced card as a broken composition', () => {
    const { commitment, reveal } = closedShoe('c4');
    const order = [...reveal.order];
    order[10] = order[10] === 'AS' ? 'KH' : 'AS';
    expect(verifyCommitment(commitment, { ...reveal, order })).toMatchObject({
      ok: false,
      reason: 'INVALID_COMPOSITION',
    });
  });

  it('detects a wrong salt, a malformed salt, a short order and a non-canonical card', () => {
    const { commitment, reveal } = closedShoe('c5');
    const otherSalt = (reveal.salt[0] === '0' ? '1' : '0') + reveal.salt.slice(1);
    expect(verifyCommitment(commitment, { ...reveal, salt: otherSalt })).toMatchObject({
      reason: 'HASH_MISMATCH',
    });
    expect(verifyCommitment(commitment, { ...reveal, salt: reveal.salt.toUpperCase() })).toMatchObject({
      reason: 'INVALID_SALT',
    });
    expect(verifyCommitment(commitment, { ...reveal, order: reveal.order.slice(1) })).toMatchObject({
      reason: 'WRONG_CARD_COUNT',
    });
    const order = reveal.order.map((c) => (c[0] === 'T' ? `10${c[1]}` : c));
    expect(verifyCommitment(commitment, { ...reveal, order })).toMatchObject({ reason: 'INVALID_CARD' });
    expect(verifyCommitment({ ...commitment, decks: 6 }, reveal)).toMatchObject({
      reason: 'WRONG_CARD_COUNT',
    });
  });

  it('differs for the same order with another salt (a commitment does not leak the order)', () => {
    const order = Array.from(standardDecks(1));
    const a = shoeFromOrder(order, { decks: 1, random: seededRandom(1) }).commitment();
    const b = shoeFromOrder(order, { decks: 1, random: seededRandom(2) }).commitment();
    expect(a.hash).not.toBe(b.hash);
    const salt = 'ab'.repeat(32);
    expect(shoeFromOrder(order, { decks: 1, salt }).commitment()).toEqual(
      shoeFromOrder(order, { decks: 1, salt }).commitment(),
    );
  });

  it('refuses to reveal an open shoe', () => {
    const shoe = createShoe({ decks: 6 }, seededRandom(1));
    shoe.draw();
    expect(() => shoe.reveal()).toThrow(expect.objectContaining({ code: 'SHOE_NOT_FINISHED' }));
  });
});
