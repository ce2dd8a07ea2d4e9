import { KafkaClient, KafkaConsumer } from '@casino/kafka';

/** When the table's round events were made (their `occurredAt`, ms since the epoch), by round id. */
export interface RoundTimes {
  opened?: number;
  closed?: number;
  /** RoundResult: made in the step of the dealer's last card, before that step is saved and broadcast. */
  result?: number;
}

/**
 * Reads the run's round topic(s) from the start: the service's RoundOpened, BettingClosed and RoundResult with
 * their `occurredAt`, the reference for "the dealer's last card" (the machine and the clients share one clock);
 * and the bet commands and decisions, to split a decision's time between the service and the ledger.
 */
export class RoundWatch {
  readonly rounds = new Map<string, RoundTimes>();
  /** PlaceBet's occurredAt (its table step began), by command id. */
  readonly placed = new Map<string, number>();
  /** The ledger's decision's occurredAt, by command id. */
  readonly decided = new Map<string, number>();
  private listeners: (() => void)[] = [];
  private consumer?: KafkaConsumer;

  async start(kafka: KafkaClient, topics: readonly string[]): Promise<void> {
    const consumer = (this.consumer = kafka.consumer({
      groupId: `bench-table-watch-${Date.now()}`,
      maxWaitTimeMs: 20,
    }));
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: true });
    await consumer.runBatches(async (batch) => {
      for (const m of batch.messages) {
        if (!m.value) continue;
        const e = JSON.parse(m.value.toString()) as {
          type?: string;
          id?: string;
          roundId?: string;
          commandId?: string;
          occurredAt?: string;
        };
        if (!e.roundId || !e.occurredAt) continue;
        if (e.type === 'PlaceBet' && e.id) this.placed.set(e.id, Date.parse(e.occurredAt));
        if ((e.type === 'BetAccepted' || e.type === 'BetRejected') && e.commandId)
          this.decided.set(e.commandId, Date.parse(e.occurredAt));
        const t = this.rounds.get(e.roundId) ?? {};
        const at = Date.parse(e.occurredAt);
        if (e.type === 'RoundOpened') t.opened = at;
        else if (e.type === 'BettingClosed') t.closed = at;
        else if (e.type === 'RoundResult') t.result = at;
        else continue;
        this.rounds.set(e.roundId, t);
        for (const l of this.listeners) l();
      }
    });
  }

  /** Resolves at the next event of `type` seen from now on. */
  next(type: keyof RoundTimes, timeoutMs: number): Promise<string> {
    const seen = new Set([...this.rounds].filter(([, t]) => t[type] !== undefined).map(([id]) => id));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
      const listener = () => {
        const found = [...this.rounds].find(([id, t]) => t[type] !== undefined && !seen.has(id));
        if (!found) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(found[0]);
      };
      this.listeners.push(listener);
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect().catch(() => undefined);
  }
}
