import { Client } from 'pg';
import { LedgerLog } from '../observability/ledger-log';

/** Instances of one consumer group that can hold a slot at the same time. */
const MAX_SLOTS = 64;
const RECLAIM_MS = 1_000;

/**
 * The consumer's `group.instance.id`, which must survive a restart yet never be shared by two live instances:
 * the lowest free slot of the group, held as a session-level PostgreSQL advisory lock on a connection of its
 * own. A killed process's connection closes with it, so the instance started in its place finds the same slot
 * free and, being the same static member, takes its partitions back without a rebalance. A frozen instance keeps
 * its slot; another one gets the next. A lost connection is re-established and the same slot locked again.
 */
export class ConsumerSlot {
  private client?: Client;
  private closed = false;

  private constructor(
    private readonly databaseUrl: string,
    private readonly groupId: string,
    readonly slot: number,
    private readonly logger: LedgerLog,
  ) {}

  /** Kafka's rules: at most 249 characters of [a-zA-Z0-9._-]. */
  get instanceId(): string {
    return `slot-${this.slot}`;
  }

  static async claim(databaseUrl: string, groupId: string, logger: LedgerLog): Promise<ConsumerSlot> {
    const client = await ConsumerSlot.connect(databaseUrl);
    try {
      for (let slot = 0; slot < MAX_SLOTS; slot++) {
        if (await ConsumerSlot.tryLock(client, groupId, slot)) {
          const held = new ConsumerSlot(databaseUrl, groupId, slot, logger);
          held.hold(client);
          return held;
        }
      }
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    await client.end();
    throw new Error(`all ${MAX_SLOTS} consumer slots of group ${groupId} are held`);
  }

  private static async connect(databaseUrl: string): Promise<Client> {
    // A name of its own: fault tests that end the ledger's sessions by name leave the slot alone.
    const client = new Client({ connectionString: databaseUrl, application_name: 'bet-ledger-slot' });
    await client.connect();
    return client;
  }

  private static async tryLock(client: Client, groupId: string, slot: number): Promise<boolean> {
    const { rows } = await client.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('ledger-consumer-slot:' || $1), $2) AS ok`,
      [groupId, slot],
    );
    return rows[0].ok;
  }

  private hold(client: Client): void {
    this.client = client;
    client.on('error', (err) => {
      if (this.closed) return;
      this.logger.warn(`consumer slot ${this.slot}: connection lost (${err.message}); locking it again`);
      void client.end().catch(() => undefined);
      void this.reclaim();
    });
  }

  private async reclaim(): Promise<void> {
    while (!this.closed) {
      await new Promise((r) => setTimeout(r, RECLAIM_MS));
      let client: Client | undefined;
      try {
        client = await ConsumerSlot.connect(this.databaseUrl);
        if (await ConsumerSlot.tryLock(client, this.groupId, this.slot)) {
          if (this.closed) await client.end();
          else this.hold(client);
          return;
        }
        // Another instance took it meanwhile: the broker fences this one at its next request.
        this.logger.error(`consumer slot ${this.slot} was taken by another instance`);
        await client.end();
        return;
      } catch {
        await client?.end().catch(() => undefined);
      }
    }
  }

  async release(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }
}
