import { Cue, cueNotes, muteStorageKey } from './cues';

/** Reads the player's mute switch; unmuted when the browser keeps nothing (or refuses storage). */
export function loadMuted(playerKey: string | null): boolean {
  try {
    return window.localStorage.getItem(muteStorageKey(playerKey)) === '1';
  } catch {
    return false;
  }
}

export function saveMuted(playerKey: string | null, muted: boolean): void {
  try {
    window.localStorage.setItem(muteStorageKey(playerKey), muted ? '1' : '0');
  } catch {
    // Private mode or storage refused: the switch still holds for this page.
  }
}

let context: AudioContext | null = null;

/** Plays a cue with soft bell-like tones. Browsers start audio only after a tap, so an early cue may stay silent. */
export function playCue(cue: Cue): void {
  const Audio = window.AudioContext as typeof AudioContext | undefined;
  if (!Audio) return;
  try {
    context ??= new Audio();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.02;
    for (const note of cueNotes(cue)) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = note.frequency;
      const from = start + note.at;
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(0.18, from + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, from + note.duration);
      osc.connect(gain).connect(context.destination);
      osc.start(from);
      osc.stop(from + note.duration + 0.02);
    }
  } catch {
    // No audio device: the cues are a courtesy, the table shows the same in words.
  }
}
