import { PlayerClient } from '@casino/service-testing';

/** What the bots bet, in turn: outside and inside bets, so the engine's pay table is exercised. */
const SPECS: readonly Record<string, unknown>[] = [
  { type: 'red' },
  { type: 'straight', numbers: [17] },
  { type: 'odd' },
  { type: 'dozen', dozen: 2 },
  { type: 'split', numbers: [0, 1] },
];

export interface RollingBet {
  roundId: string;
  spec: Record<string, unknown>;
  ref?: string;
  refusedCode?: string;
  refusedMessage?: string;
  sentAt?: number;
  ackAt?: number;
  /** The instance it was sent to. */
  url?: string;
}

/**
 * A player betting once on every round its table opens, through whichever instance runs the table: when its
 * socket drops (the instance drains), it finds the table's new holder (`holderOf`, as the lobby does) and joins
 * there. Every client it used is kept, so what it was told on any of them counts.
 */
export class RollingBettor {
  readonly placed: RollingBet[] = [];
  readonly clients: PlayerClient[] = [];
  /** Reconnections made, and how long each took from the drop to the join. */
  readonly moves: number[] = [];
  active = true;
  /**
   * When it followed its table to another instance that a rebalance moved it to (no drain): seen in the lobby's
   * rows, or its socket closed by the former holder as the table left (`tableLeft`) without a moving notice first.
   */
  readonly followedAt: number[] = [];
  /** The player's own bets as each join's snapshot showed them (what a reconnecting client restores). */
  readonly joinedBets: { ref?: string; status?: string }[] = [];
  private turn = 0;

  constructor(
    readonly playerId: string,
    private readonly tableId: string,
    private readonly token: string,
    private readonly holderOf: (tableId: string) => Promise<string | undefined>,
    private readonly stake = 100n,
  ) {}

  /** The instance the current socket is on. */
  private url: string | undefined;
  private current: PlayerClient | undefined;
  private moving = false;
  private follower: ReturnType<typeof setInterval> | undefined;

  /**
   * Connects to the table's holder and joins; on a drop, again (until `active` is false). Like the web client
   * following the table's lobby row, it also moves when the table's holder changes (a rebalance when an instance
   * comes back moves tables without closing their sockets).
   */
  async connect(droppedAt = Date.now()): Promise<void> {
    if (this.moving) return;
    this.moving = true;
    try {
      await this.reconnect(droppedAt);
    } finally {
      this.moving = false;
    }
    this.follower ??= setInterval(() => void this.follow(), 500);
  }

  private async follow(): Promise<void> {
    if (!this.active || this.moving) return;
    const holder = await this.holderOf(this.tableId);
    if (holder && holder !== this.url && !this.moving) {
      this.followedAt.push(Date.now());
      await this.connect(Date.now());
    }
  }

  private async reconnect(droppedAt: number): Promise<void> {
    for (;;) {
      const url = await this.holderOf(this.tableId);
      if (url) {
        try {
          const client = await PlayerClient.connect(url, this.token);
          const joined = await client.request<{ ok: boolean; snapshot?: { myBets?: unknown } }>(
            'join',
            { tableId: this.tableId },
            5_000,
          );
          if (joined.ok) {
            if (Array.isArray(joined.snapshot?.myBets))
              this.joinedBets.push(...(joined.snapshot.myBets as []));
            // The former socket is left: its instance no longer runs the table.
            this.current?.socket.off('disconnect');
            this.current?.close();
            this.current = client;
            this.url = url;
            this.attach(client);
            if (this.clients.length > 1) this.moves.push(Date.now() - droppedAt);
            return;
          }
          client.close();
        } catch {
          // the holder was stopping: look again
        }
      }
      if (!this.active) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private attach(client: PlayerClient): void {
    this.clients.push(client);
    client.socket.on('round:opened', (p: { tableId?: string; roundId?: string }) => {
      if (this.active && p.tableId === this.tableId && p.roundId) void this.bet(client, p.roundId);
    });
    client.socket.on('disconnect', () => {
      if (!this.active) return;
      // A draining instance says its tables are moving before it closes their sockets; a table moved by a
      // rebalance (an instance joining) has its sockets closed by its former holder without that notice.
      if (!this.drainedOn(client)) this.followedAt.push(Date.now());
      void this.connect(Date.now());
    });
  }

  /** Whether the table's last status on this client said it is moving (its instance drains). */
  private drainedOn(client: PlayerClient): boolean {
    const last = client
      .all('table:status')
      .filter((p) => p.tableId === undefined || p.tableId === this.tableId)
      .at(-1);
    return Array.isArray(last?.pausedFor) && (last.pausedFor as string[]).includes('moving');
  }

  private async bet(client: PlayerClient, roundId: string): Promise<void> {
    const placed: RollingBet = {
      roundId,
      spec: SPECS[this.turn++ % SPECS.length],
      sentAt: Date.now(),
      url: this.url,
    };
    this.placed.push(placed);
    try {
      const ack = await client.request<{ ok: boolean; refs?: string[]; code?: string; message?: string }>(
        'placeBet',
        { tableId: this.tableId, roundId, bet: placed.spec, stake: String(this.stake) },
        10_000,
      );
      placed.ackAt = Date.now();
      if (ack.ok && ack.refs?.[0]) placed.ref = ack.refs[0];
      else {
        placed.refusedCode = ack.code ?? 'refused';
        placed.refusedMessage = ack.message;
      }
    } catch {
      placed.refusedCode = 'NO_ACK';
    }
  }

  /** The URL of the instance this player's socket is on now. */
  get instanceUrl(): string | undefined {
    return this.url;
  }

  /** Resolves at the next round its table opens (seen on its current socket). */
  async nextRoundOpened(timeoutMs = 30_000): Promise<void> {
    await this.current?.waitFor('round:opened', () => true, timeoutMs, Date.now());
  }

  /** The decision messages (bet:accepted / bet:rejected) this player's sockets got, per ref. */
  decisionsSeen(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const m of this.clients.flatMap((c) => c.received)) {
      if (m.name !== 'bet:accepted' && m.name !== 'bet:rejected') continue;
      const ref = String(m.payload.ref);
      out.set(ref, [...(out.get(ref) ?? []), m.name]);
    }
    return out;
  }

  /**
   * Whether the player learned how the bet `ref` (bet id `betId` once accepted) was decided other than by its
   * decision message: a later join's snapshot showing it decided, or its round's settlement or refund naming it.
   */
  learnedOtherwise(ref: string, betId: string | undefined): boolean {
    if (this.joinedBets.some((b) => b.ref === ref && (b.status === 'accepted' || b.status === 'rejected')))
      return true;
    if (betId === undefined) return false;
    return this.clients
      .flatMap((c) => [...c.all('round:settled'), ...c.all('round:refunded')])
      .some((p) => Array.isArray(p.bets) && (p.bets as { betId?: string }[]).some((b) => b.betId === betId));
  }

  /** `table:status` messages that said the table is moving. */
  movingNotices(): number {
    return this.clients
      .flatMap((c) => c.all('table:status'))
      .filter((p) => Array.isArray(p.pausedFor) && (p.pausedFor as string[]).includes('moving')).length;
  }

  close(): void {
    this.active = false;
    if (this.follower) clearInterval(this.follower);
    for (const c of this.clients) c.close();
  }
}
