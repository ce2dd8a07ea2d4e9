import { generateKeyPairSync } from 'node:crypto';
import {
  attestationProblem,
  resultAttestationSchema,
  signDealtCard,
  signRoundResult,
} from './result-attestation';

// docs/kafka-security.md#signed-live-results: a whole result signed, or each card it consumed at its index.
const studio = generateKeyPairSync('ed25519');
const publicPem = studio.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = studio.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const baccarat = { game: 'baccarat' as const, cards: ['4S', '2H', '4D', '5H'] };
const cardsOf = (roundId: string, cards: string[]) =>
  cards.map((card, i) => signDealtCard(privatePem, 'bac-1', roundId, i, card));

describe('result attestation', () => {
  it('accepts a whole result signed or every card signed at its index', () => {
    const signature = signRoundResult(privatePem, 'bac-1', 'r1', baccarat);
    expect(attestationProblem(publicPem, 'bac-1', 'r1', baccarat, { signature })).toBeUndefined();
    expect(
      attestationProblem(publicPem, 'bac-1', 'r1', baccarat, { cards: cardsOf('r1', baccarat.cards) }),
    ).toBeUndefined();
  });

  it('refuses a missing, forged, reordered, replayed or short attestation', () => {
    const problem = (attestation?: { cards?: string[]; signature?: string }) =>
      attestationProblem(publicPem, 'bac-1', 'r1', baccarat, attestation)?.split(':')[0];
    expect(problem(undefined)).toBe('RESULT_NOT_SIGNED');
    expect(problem({ cards: cardsOf('r1', ['4S', '2H', '4D', '7H']) })).toBe('RESULT_SIGNATURE_INVALID');
    expect(problem({ cards: cardsOf('r1', ['2H', '4S', '4D', '5H']) })).toBe('RESULT_SIGNATURE_INVALID');
    expect(problem({ cards: cardsOf('r0', baccarat.cards) })).toBe('RESULT_SIGNATURE_INVALID');
    expect(problem({ cards: cardsOf('r1', baccarat.cards).slice(0, 3) })).toBe('RESULT_SIGNATURE_INVALID');
    expect(problem({ cards: [...cardsOf('r1', baccarat.cards), 'x'] })).toBe('RESULT_SIGNATURE_INVALID');
    expect(problem({ cards: ['not base64 !!', 'a', 'b', 'c'] })).toBe('RESULT_SIGNATURE_INVALID');
    // Cards signed for a game without a shoe (roulette) prove nothing: its result is signed whole.
    const roulette = { game: 'roulette' as const, pocket: 17, revolutions: 6 };
    expect(attestationProblem(publicPem, 'rou-1', 'r1', roulette, { cards: [] })?.split(':')[0]).toBe(
      'RESULT_SIGNATURE_INVALID',
    );
  });

  it('is a signature or card signatures, nothing else', () => {
    expect(resultAttestationSchema.safeParse({}).success).toBe(false);
    expect(resultAttestationSchema.safeParse({ cards: ['a'] }).success).toBe(true);
    expect(resultAttestationSchema.safeParse({ signature: 'a', extra: 1 }).success).toBe(false);
  });
});
