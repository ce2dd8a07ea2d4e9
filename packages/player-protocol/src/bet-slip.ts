// The bet slip: many bets of one table's open round in one `placeBets` command (docs/websocket-api.md "placeBets").
// The socket's rate limit counts commands, so chips placed fast travel together instead of being refused.

/** The most bets one `placeBets` holds; a client sends a larger slip as several commands. */
export const MAX_SLIP_ITEMS = 100;

/** How long a client gathers the chips a player places before it sends them as one `placeBets` (ms). */
export const SLIP_GATHER_MS = 200;

/**
 * Why the player sent the slip, as the client resolved it: chips placed within SLIP_GATHER_MS, "repeat" (the bets
 * of the player's last round, placed again) or "double" (every bet the player has on the table this round, placed
 * once more). The client resolves repeat and double into explicit bets from what it was told (its accepted bets);
 * the service checks and decides each bet as any other and reads `intent` only for its logs and metrics.
 */
export type SlipIntent = 'chips' | 'repeat' | 'double';

/** One bet of a slip: the game's `placeBet` fields (without tableId and roundId) and the client's id for it. */
export type SlipItem<B extends object = Record<string, unknown>> = B & {
  /** The client's id for this bet (unique within the slip, 1–64 characters): its result names it. */
  clientId: string;
};

/** `placeBets`: the bets of one table's round, in the order they are checked and decided. */
export interface PlaceBetsMessage<B extends object = Record<string, unknown>> {
  tableId: string;
  /** The open round the player bets on: refused WRONG_ROUND if it is no longer open. */
  roundId?: string;
  intent?: SlipIntent;
  bets: SlipItem<B>[];
}

/** A bet of the slip the service took: its commands go to the ledger (decisions follow as `bet:accepted` / `bet:rejected`). */
export interface SlipBetTaken {
  clientId: string;
  ok: true;
  roundId: string;
  /** One ref per ledger command (a roulette announced bet has several), as `placeBet` answers. */
  refs: string[];
  group?: string;
  status: 'pending';
}

/** A bet of the slip refused before the ledger (its shape, the table's limits, the window): nothing was sent. */
export interface SlipBetRefused {
  clientId: string;
  ok: false;
  code: string;
  message: string;
}

export type SlipBetResult = SlipBetTaken | SlipBetRefused;

/** The acknowledgement of `placeBets`: one result per bet, in the slip's order (or one refusal of the whole slip). */
export type PlaceBetsAnswer =
  { ok: true; results: SlipBetResult[] } | { ok: false; code: string; message: string };

/** A slip's bets as `placeBets` commands of at most MAX_SLIP_ITEMS each (a "repeat" of a large layout). */
export function slipChunks<B>(bets: readonly B[]): B[][] {
  const chunks: B[][] = [];
  for (let i = 0; i < bets.length; i += MAX_SLIP_ITEMS) chunks.push(bets.slice(i, i + MAX_SLIP_ITEMS));
  return chunks;
}

/** What the batcher needs of the clock (a test drives it by hand). */
export interface SlipClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: SlipClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Waiting<B extends object> {
  item: SlipItem<B>;
  resolve(result: SlipBetResult): void;
}

/**
 * Gathers the bets a player places within `gatherMs` of the first into one `placeBets` (at most MAX_SLIP_ITEMS: a
 * full slip is sent at once). `send` sends a slip and resolves with its acknowledgement; each `add` resolves with its
 * own bet's result, so the caller gives per-bet feedback as for a single `placeBet`. A whole slip refused (rate
 * limited, table paused, a dropped connection) is each of its bets' refusal with that code.
 */
export class SlipBatcher<B extends object> {
  private waiting: Waiting<B>[] = [];
  private timer: unknown;
  private next = 0;

  constructor(
    private readonly send: (bets: SlipItem<B>[]) => Promise<PlaceBetsAnswer>,
    private readonly gatherMs = SLIP_GATHER_MS,
    private readonly clock: SlipClock = systemClock,
  ) {}

  /** Bets gathered and not sent yet. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Queues one bet; resolves with its result once its slip is answered. */
  add(bet: B): Promise<SlipBetResult> {
    return new Promise((resolve) => {
      this.waiting.push({ item: { ...bet, clientId: `b${++this.next}` }, resolve });
      if (this.waiting.length >= MAX_SLIP_ITEMS) this.flush();
      else if (this.timer === undefined)
        this.timer = this.clock.setTimeout(() => this.flush(), this.gatherMs);
    });
  }

  /** Sends what is gathered now (e.g. before "repeat" or "double", so they come after the chips before them). */
  flush(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length > 0) void this.sendBatch(batch);
  }

  private async sendBatch(batch: readonly Waiting<B>[]): Promise<void> {
    let answer: PlaceBetsAnswer;
    try {
      answer = await this.send(batch.map((w) => w.item));
    } catch (err) {
      answer = { ok: false, code: 'NETWORK_ERROR', message: (err as Error).message };
    }
    const byId = answer.ok ? new Map(answer.results.map((r) => [r.clientId, r])) : undefined;
    for (const { item, resolve } of batch) {
      const result = byId?.get(item.clientId);
      if (result) resolve(result);
      else
        resolve({
          clientId: item.clientId,
          ok: false,
          code: answer.ok ? 'INTERNAL_ERROR' : answer.code,
          message: answer.ok ? 'no result for the bet' : answer.message,
        });
    }
  }
}
