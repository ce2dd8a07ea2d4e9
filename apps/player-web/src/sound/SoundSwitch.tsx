import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../context/app-context';
import { phaseCue } from './cues';

/** The table's sound switch (remembered per player); its name says what it does in the player's language. */
export function SoundSwitch() {
  const { t } = useTranslation();
  const { muted, setMuted } = useApp();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!muted}
      aria-label={t('sound.label')}
      title={muted ? t('sound.off') : t('sound.on')}
      className="btn btn--ghost btn--round"
      onClick={() => setMuted(!muted)}
      data-action="sound"
      data-muted={muted}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="sound-icon">
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {muted ? (
          <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path
            d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
          />
        )}
      </svg>
    </button>
  );
}

/** Plays the dealer's cue when the table's phase changes (not for the phase the table is in when joined). */
export function usePhaseCues(phase: string): void {
  const { cue } = useApp();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = phase;
    if (previous === null) return;
    const c = phaseCue(previous, phase);
    if (c) cue(c);
  }, [phase, cue]);
}
