import { useEffect, useState } from 'react';

/** Seconds left until `deadline` (ms on this clock), redrawn every 200 ms; null when there is none. */
export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A ring that empties as the time runs out, with the seconds in the middle. */
export function Countdown({
  deadline,
  totalMs,
  label,
}: {
  deadline: number | null;
  totalMs: number;
  label?: string;
}) {
  const seconds = useSecondsLeft(deadline);
  if (seconds === null || deadline === null) return null;
  const fraction = Math.min(1, Math.max(0, (deadline - Date.now()) / Math.max(totalMs, 1)));
  const r = 26;
  const circumference = 2 * Math.PI * r;
  const urgent = seconds <= 3;
  return (
    <div className={`countdown${urgent ? ' countdown--urgent' : ''}`} role="timer" aria-label={label}>
      <svg viewBox="0 0 64 64" width="64" height="64">
        <circle cx="32" cy="32" r={r} className="countdown__track" />
        <circle
          cx="32"
          cy="32"
          r={r}
          className="countdown__bar"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - fraction)}
          transform="rotate(-90 32 32)"
        />
      </svg>
      <span className="countdown__seconds">{seconds}</span>
    </div>
  );
}
