import { fromSnapshotJson, toSnapshotJson } from '../state/json-codec';
import { toWire } from './to-wire';

describe('wire and snapshot encodings', () => {
  it('sends bigints as decimal strings and drops undefined fields', () => {
    expect(toWire({ a: 12345678901234567890n, b: undefined, c: [1n, 'x'], d: null })).toEqual({
      a: '12345678901234567890',
      c: ['1', 'x'],
      d: null,
    });
  });

  it('round-trips bigints through snapshots', () => {
    const value = { stake: 10n ** 20n, nested: [{ x: 1n }], plain: 3 };
    expect(fromSnapshotJson(toSnapshotJson(value))).toEqual(value);
  });
});
