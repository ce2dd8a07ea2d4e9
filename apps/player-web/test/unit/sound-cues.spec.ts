import { parseLaunch } from '../../src/launch/launch';
import { cueNotes, muteStorageKey, phaseCue } from '../../src/sound/cues';

describe('dealer sound cues', () => {
  it('cues betting opening, betting closing and the result, nothing else', () => {
    expect(phaseCue('result', 'betting')).toBe('open');
    expect(phaseCue('idle', 'betting')).toBe('open');
    expect(phaseCue('betting', 'dealing')).toBe('noMoreBets');
    expect(phaseCue('betting', 'spinning')).toBe('noMoreBets');
    expect(phaseCue('dealing', 'result')).toBe('result');
    expect(phaseCue('betting', 'result')).toBe('result');
    expect(phaseCue('dealing', 'playing')).toBeNull();
    expect(phaseCue('betting', 'betting')).toBeNull();
  });

  it('makes every cue from short audible tones in order', () => {
    for (const cue of ['open', 'noMoreBets', 'result', 'win'] as const) {
      const notes = cueNotes(cue);
      expect(notes.length).toBeGreaterThan(0);
      for (const n of notes) {
        expect(n.frequency).toBeGreaterThan(200);
        expect(n.frequency).toBeLessThan(2000);
        expect(n.duration).toBeGreaterThan(0);
        expect(n.duration).toBeLessThanOrEqual(0.5);
      }
      expect(notes.map((n) => n.at)).toEqual([...notes.map((n) => n.at)].sort((a, b) => a - b));
    }
    // Opening rises, closing falls.
    const [a, b] = cueNotes('open');
    expect(b!.frequency).toBeGreaterThan(a!.frequency);
    const [c, d] = cueNotes('noMoreBets');
    expect(d!.frequency).toBeLessThan(c!.frequency);
  });

  it('keeps the mute switch per operator and player: the same player id at two operators is two switches', () => {
    const token = (claims: object) =>
      `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;
    const a = parseLaunch(`?token=${token({ operatorId: 'op-a', playerId: 'p1', currency: 'EUR' })}`);
    const b = parseLaunch(`?token=${token({ operatorId: 'op-b', playerId: 'p1', currency: 'EUR' })}`);
    expect(a.playerKey).toBe('op-a/p1');
    expect(muteStorageKey(a.playerKey)).not.toBe(muteStorageKey(b.playerKey));
    expect(parseLaunch('?token=garbage').playerKey).toBeNull();
  });
});
