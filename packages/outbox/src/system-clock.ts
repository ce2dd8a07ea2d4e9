import { RelayClock } from './ports';

/** Wall-clock time and timers. */
export const systemRelayClock: RelayClock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const t = setTimeout(fire, ms);
    return { cancel: () => clearTimeout(t) };
  },
};
