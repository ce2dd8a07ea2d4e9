import { LedgerProcess } from '@casino/test-support';
import { ledgerPidFrom } from './bench-cpu';
import { sleep } from './bench-options';

/** What the phases do to the ledger: freeze it while work is queued in Kafka, then let it run. */
export interface Freezable {
  pause(): void;
  resume(): void;
}

/**
 * `--instances N`: N ledger processes on one database and one consumer group (each its own HTTP port, HTTP_PORT 0,
 * and its own static member id, the lowest free ConsumerSlot), run together for the whole benchmark: paused,
 * resumed and stopped together, their pids given to the CPU meters. They start one after the other, each waiting
 * until it has joined the group: a member's join completes only once the members before it have rejoined, so after
 * the last one the partitions are shared among all N and no rebalance is left to land in a measured phase.
 */
export class LedgerInstances implements Freezable {
  readonly processes: LedgerProcess[];

  constructor(count: number, script: string, env: Record<string, string>, echo: boolean) {
    this.processes = Array.from({ length: count }, () => new LedgerProcess(script, env, echo));
  }

  /** The one the bench talks to over HTTP (the table catalogue is in the shared database). */
  get first(): LedgerProcess {
    return this.processes[0];
  }

  async start(joinTimeoutMs = 60_000): Promise<void> {
    for (const ledger of this.processes) {
      await ledger.start();
      const until = Date.now() + joinTimeoutMs;
      while (ledger.timeline[ledger.timeline.length - 1].joined === undefined) {
        if (Date.now() > until) throw new Error(`ledger did not join its consumer group:\n${ledger.tail()}`);
        await sleep(20);
      }
    }
  }

  /** Their pids, from their ready lines (empty where a line gave none). */
  pids(): number[] {
    return this.processes.flatMap((p) => ledgerPidFrom(p.tail(200)) ?? []);
  }

  pause(): void {
    for (const p of this.processes) p.pause();
  }

  resume(): void {
    for (const p of this.processes) p.resume();
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
  }
}
