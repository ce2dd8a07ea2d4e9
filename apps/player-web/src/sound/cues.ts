/** The dealer-style cues a table plays; each is a few tones made by the Web Audio API (no files to download). */
export type Cue = 'open' | 'noMoreBets' | 'result' | 'win';

export interface Note {
  /** Hz. */
  frequency: number;
  /** Seconds after the cue starts. */
  at: number;
  /** Seconds. */
  duration: number;
}

/** Rising for "place your bets", falling for "no more bets", one bell for the result, an arpeggio for a win. */
export function cueNotes(cue: Cue): Note[] {
  switch (cue) {
    case 'open':
      return [
        { frequency: 659.25, at: 0, duration: 0.16 },
        { frequency: 880, at: 0.14, duration: 0.28 },
      ];
    case 'noMoreBets':
      return [
        { frequency: 880, at: 0, duration: 0.16 },
        { frequency: 587.33, at: 0.14, duration: 0.32 },
      ];
    case 'result':
      return [{ frequency: 739.99, at: 0, duration: 0.45 }];
    case 'win':
      return [523.25, 659.25, 783.99, 1046.5].map((frequency, i) => ({
        frequency,
        at: i * 0.09,
        duration: i === 3 ? 0.5 : 0.14,
      }));
  }
}

/** The cue of a table's phase change, if any: betting opens, betting closes, a result is shown. */
export function phaseCue(previous: string, next: string): Cue | null {
  if (previous === next) return null;
  if (next === 'betting') return 'open';
  if (next === 'result') return 'result';
  if (previous === 'betting') return 'noMoreBets';
  return null;
}

/** Where the browser keeps a player's mute switch: one per operator and player, so a shared device keeps each. */
export function muteStorageKey(playerKey: string | null): string {
  return `casino.sound.muted:${playerKey ?? 'anonymous'}`;
}
