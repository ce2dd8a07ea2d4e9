import { randomBytes } from 'node:crypto';
import { StateSealer, StateSealError, stateKeyId } from './state-sealing';

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
const state = JSON.stringify({ shoe: { order: ['AS', 'KD'], salt: 'ab'.repeat(32) }, pocket: 17 });

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    return err instanceof StateSealError ? err.code : `not a StateSealError: ${String(err)}`;
  }
  return undefined;
}

describe('StateSealer', () => {
  it('round-trips, with a fresh IV per write and nothing of the state in clear', () => {
    const sealer = new StateSealer(keyA);
    const a = sealer.seal('t1', state);
    const b = sealer.seal('t1', state);
    expect(a).not.toBe(b);
    expect(a.startsWith(`sealed1.${stateKeyId(keyA)}.`)).toBe(true);
    // Quotes and brackets never occur in base64: a short fragment of the state would, by chance (1 run in ~20).
    expect(a).not.toContain('["AS","KD"]');
    expect(a).not.toContain('ab'.repeat(32));
    expect(sealer.open('t1', a)).toBe(state);
    expect(sealer.openRow('t1', b)).toBe(state);
  });

  it('refuses a blob sealed with a key it does not hold', () => {
    const blob = new StateSealer(keyA).seal('t1', state);
    expect(codeOf(() => new StateSealer(keyB).open('t1', blob))).toBe('STATE_KEY_UNKNOWN');
  });

  it('refuses a blob whose key id names its key but whose key is another (the id edited)', () => {
    const blob = new StateSealer(keyB).seal('t1', state);
    const relabelled = blob.replace(stateKeyId(keyB), stateKeyId(keyA));
    expect(codeOf(() => new StateSealer(keyA, [keyB]).open('t1', relabelled))).toBe('STATE_TAMPERED');
  });

  it('refuses a tampered blob', () => {
    const sealer = new StateSealer(keyA);
    const blob = sealer.seal('t1', state);
    const [prefix, id, body] = blob.split('.');
    const raw = Buffer.from(body, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(codeOf(() => sealer.open('t1', `${prefix}.${id}.${raw.toString('base64')}`))).toBe(
      'STATE_TAMPERED',
    );
    expect(codeOf(() => sealer.open('t1', `${prefix}.${id}.AAAA`))).toBe('STATE_MALFORMED');
    expect(codeOf(() => sealer.open('t1', `${prefix}.${id}`))).toBe('STATE_MALFORMED');
  });

  it('refuses a blob moved to another table id', () => {
    const sealer = new StateSealer(keyA);
    expect(codeOf(() => sealer.open('t2', sealer.seal('t1', state)))).toBe('STATE_TAMPERED');
  });

  it('opens with an old key after a rotation and seals with the new one', () => {
    const old = new StateSealer(keyA).seal('t1', state);
    const rotated = new StateSealer(keyB, [keyA]);
    expect(rotated.open('t1', old)).toBe(state);
    expect(rotated.seal('t1', state).split('.')[1]).toBe(stateKeyId(keyB));
    expect(rotated.keyId).toBe(stateKeyId(keyB));
  });

  it('reads a plaintext row (saved before sealing) as it is', () => {
    expect(new StateSealer(keyA).openRow('t1', state)).toBe(state);
    expect(StateSealer.isSealed(state)).toBe(false);
  });
});
