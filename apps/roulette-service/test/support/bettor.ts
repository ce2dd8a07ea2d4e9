import { PlayerClient } from '@casino/service-testing';
import { settleBet, validateBet } from '@casino/roulette';

/** What the bots bet, in turn: outside and inside bets, so the engine's pay table is exercised. */
const SPECS: readonly Record<string, unknown>[] = [
  { type: 'red' },
  { type: 'straight', numbers: [17] },
  { type: 'odd' },
  { type: 'dozen', dozen: 2 },
  { type: 'split', numbers: [0, 1] },
];

export interface PlacedBet {
  roundId: string;
  spec: Record<string, unknown>;
  stake: bigint;
  /** The placeBet acknowledgement: a ref when the service took the command. */
  ref?: string;
  refusedCode?: string;
}

/**
 * A player that bets once on every round the table opens while `active`, through the real socket, and keeps what
 * it placed and what it was told; `account()` then says what each bet came to and what the wallet must hold.
 */
export class Bettor {
  readonly placed: PlacedBet[] = [];
  active = true;
  private turn = 0;

  constructor(
    readonly playerId: string,
    readonly client: PlayerClient,
    private readonly tableId: string,
    private readonly stake = 100n,
  ) {
    client.socket.on('round:opened', (p: { tableId?: string; roundId?: string }) => {
      if (this.active && p.tableId === tableId && p.roundId) void this.bet(p.roundId);
    });
  }

  private async bet(roundId: string): Promise<void> {
    const spec = SPECS[this.turn++ % SPECS.length];
    const placed: PlacedBet = { roundId, spec, stake: this.stake };
    this.placed.push(placed);
    try {
      const ack = await this.client.request<{ ok: boolean; refs?: string[]; code?: string }>(
        'placeBet',
        { tableId: this.tableId, roundId, bet: spec, stake: String(this.stake) },
        10_000,
      );
      if (ack.ok && ack.refs?.[0]) placed.ref = ack.refs[0];
      else placed.refusedCode = ack.code ?? 'refused';
    } catch {
      placed.refusedCode = 'NO_ACK';
    }
  }

  /** The decision messages (bet:accepted / bet:rejected) per ref. */
  decisions(): Map<string, Record<string, unknown>[]> {
    const out = new Map<string, Record<string, unknown>[]>();
    for (const m of this.client.received) {
      if (m.name !== 'bet:accepted' && m.name !== 'bet:rejected') continue;
      const ref = String(m.payload.ref);
      out.set(ref, [...(out.get(ref) ?? []), { ...m.payload, decision: m.name }]);
    }
    return out;
  }

  /** Per accepted bet id, each final answer it got (round:settled or round:refunded entries). */
  finals(): Map<string, { kind: 'settled' | 'refunded'; roundId: string; returned: bigint }[]> {
    const out = new Map<string, { kind: 'settled' | 'refunded'; roundId: string; returned: bigint }[]>();
    for (const m of this.client.received) {
      if (m.name !== 'round:settled' && m.name !== 'round:refunded') continue;
      const kind = m.name === 'round:settled' ? 'settled' : 'refunded';
      for (const b of m.payload.bets as { betId: string; stake: string; returned?: string }[]) {
        const returned = BigInt(kind === 'settled' ? (b.returned ?? '0') : b.stake);
        out.set(b.betId, [
          ...(out.get(b.betId) ?? []),
          { kind, roundId: String(m.payload.roundId), returned },
        ]);
      }
    }
    return out;
  }

  /** Winning pocket per round, from round:result. */
  pockets(): Map<string, number> {
    return new Map(
      this.client.all('round:result').map((p) => [String(p.roundId), Number(p.pocket)] as [string, number]),
    );
  }

  /** The accepted bets (one per bet:accepted), with what the engine says each returns if its round settled. */
  accepted(): { betId: string; ref: string; roundId: string; stake: bigint; engineReturned?: bigint }[] {
    const pockets = this.pockets();
    return this.client.all('bet:accepted').map((p) => {
      const placed = this.placed.find((b) => b.ref === p.ref);
      const pocket = pockets.get(String(p.roundId));
      const spec = placed?.spec ?? (p.bet as Record<string, unknown>);
      const valid = validateBet(spec);
      if (!valid.ok) throw new Error(`bet ${String(p.ref)} not valid: ${valid.message}`);
      return {
        betId: String(p.betId),
        ref: String(p.ref),
        roundId: String(p.roundId),
        stake: BigInt(String(p.stake)),
        engineReturned:
          pocket === undefined ? undefined : settleBet(valid.bet, BigInt(String(p.stake)), pocket).returned,
      };
    });
  }
}
