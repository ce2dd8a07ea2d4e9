import { attestationProblem, RoundResultPayload } from '@casino/events';
import { publicKeyPem, signStudioEntry } from '../../src/studio/studio-key';

// The console signs with WebCrypto what the ledger verifies with node:crypto (docs/kafka-security.md#signed-live-results):
// for each studio game, the entry the dealer types signed here verifies against the result the service publishes.
describe('studio console signatures of a studio game entry', () => {
  const verify = async (game: string, entry: object, published: RoundResultPayload) => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const signed = await signStudioEntry(pair, 'ft-studio', 'r-1', game, entry);
    const attestation = signed.cardSignatures
      ? { cards: signed.cardSignatures }
      : { signature: signed.signature };
    return attestationProblem(await publicKeyPem(pair), 'ft-studio', 'r-1', published, attestation);
  };

  it("signs Sic Bo's faces and Fan Tan's beads as the whole result, a two-card game's cards by index", async () => {
    expect(await verify('sicBo', { dice: [6, 1, 6] }, { game: 'sicBo', dice: [6, 1, 6] })).toBeUndefined();
    // The service adds the engine's bead result (87 beads: 3) to the count the dealer typed.
    expect(await verify('fanTan', { count: 87 }, { game: 'fanTan', count: 87, result: 3 })).toBeUndefined();
    const cards = { game: 'footballStudio', cards: ['KS', 'TH'] } as RoundResultPayload;
    expect(await verify('footballStudio', { cards: ['KS', 'TH'] }, cards)).toBeUndefined();
    expect(await verify('fanTan', { count: 87 }, { game: 'fanTan', count: 88, result: 4 })).toMatch(
      /^RESULT_SIGNATURE_INVALID/,
    );
  });
});
