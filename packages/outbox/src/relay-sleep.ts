import { RelayClock, RelayTimer } from './ports';

/**
 * The relay loop's waits on its clock. A wakeable wait ends early when `wake` is called (new messages); a wake that
 * comes while the loop is busy ends its next wakeable wait at once, so none is lost. `interrupt` ends any wait (the
 * relay stops).
 */
export class RelaySleep {
  private woken = false;
  private onWake: (() => void) | undefined;
  private onInterrupt: (() => void) | undefined;

  constructor(private readonly clock: RelayClock) {}

  /** Waits `ms` (Infinity: until woken or interrupted). */
  wait(ms: number, wakeable: boolean): Promise<void> {
    if (wakeable && this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: RelayTimer | undefined;
      const done = () => {
        timer?.cancel();
        if (wakeable) {
          this.woken = false;
          this.onWake = undefined;
        }
        this.onInterrupt = undefined;
        resolve();
      };
      if (Number.isFinite(ms)) timer = this.clock.setTimer(Math.max(0, ms), done);
      if (wakeable) this.onWake = done;
      this.onInterrupt = done;
    });
  }

  wake(): void {
    this.woken = true;
    this.onWake?.();
  }

  /** Wakes that came before now are answered (the loop is about to do what they asked). */
  forgetWakes(): void {
    this.woken = false;
  }

  interrupt(): void {
    this.woken = true;
    this.onInterrupt?.();
  }
}
