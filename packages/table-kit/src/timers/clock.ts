/** Time and timers behind a port so tests can run with short (or manual) timers. */
export interface Clock {
  now(): number;
  setTimer(ms: number, fire: () => void): TimerHandle;
}

export interface TimerHandle {
  cancel(): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const t = setTimeout(fire, ms);
    return { cancel: () => clearTimeout(t) };
  },
};
