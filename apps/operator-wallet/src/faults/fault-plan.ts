import { WALLET_CALLS, WalletCall } from '@casino/operator-protocol';
import { z } from 'zod';

/**
 * Faults the reference wallet can be told to show, so tests can prove how the platform behaves under each:
 * - `slow`: wait `delayMs`, then apply and answer;
 * - `timeout`: apply, then hold the answer `delayMs` (the caller gives up while the money has moved);
 * - `fail`: answer 503 without applying;
 * - `drop`: apply, then close the connection without an answer;
 * - `duplicate`: the call is applied as if it had been delivered twice at once (it must move money once).
 */
export const FAULT_MODES = ['slow', 'timeout', 'fail', 'drop', 'duplicate'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultSchema = z
  .object({
    call: z.enum([...WALLET_CALLS, '*']),
    mode: z.enum(FAULT_MODES),
    delayMs: z.number().int().min(0).max(600_000).default(0),
    /** How many calls it hits; absent: every call until the plan is cleared. */
    times: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;

export const faultPlanSchema = z.object({ faults: z.array(faultSchema).max(20) }).strict();

/** The faults in force; the first that matches a call is used (and counted down). */
export class FaultPlan {
  private faults: Fault[] = [];

  set(faults: Fault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  /** A version 2 call (v2/debit, …) is hit by the faults of its v1 call. */
  take(call: WalletCall | `v2/${WalletCall}`): Fault | undefined {
    const name = call.replace(/^v2\//, '');
    const i = this.faults.findIndex((f) => f.call === '*' || f.call === name);
    if (i < 0) return undefined;
    const fault = this.faults[i];
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.faults.splice(i, 1);
      else this.faults[i] = { ...fault, times: fault.times - 1 };
    }
    return fault;
  }
}
