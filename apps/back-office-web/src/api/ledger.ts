import { requestJson, seg } from './http';

// The ledger's back-office routes (docs/ledger.md), called from the page the ledger serves (same origin).

export interface BetView {
  betId: string;
  tableId: string;
  roundId: string;
  game: string;
  playerId: string;
  operatorId: string;
  currency: string;
  stake: string;
  bet: Record<string, unknown>;
  acceptedAt: string;
  status: string;
  returned: string | null;
  outcome: string | null;
}

export interface RoundView {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: string;
  table: Record<string, unknown>;
  shoe: { shoeId: string; hash: string } | null;
  result: Record<string, unknown> | null;
  voidReason: string | null;
  problem: string | null;
  openedAt: string;
  closedAt: string | null;
  finishedAt: string | null;
  betCount: number;
  totalStaked: string;
  totalReturned: string;
  bets: BetView[];
}

export interface AttentionRound {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: string;
  attention: 'disputed' | 'stuck';
  problem: string | null;
  openedAt: string;
  closedAt: string | null;
  betCount: number;
  totalStaked: string;
}

/** A pit boss's approval of a round's void (docs/ledger.md#voids-after-betting-closed). */
export interface VoidApproval {
  approvalId: string;
  tableId: string;
  roundId: string;
  reason: string;
  approvedBy: string;
  approvedAt: string;
  appliedEventId: string | null;
}

/** A game service's void the ledger held for want of an approval, and what became of it. */
export interface HeldVoid {
  eventId: string;
  tableId: string;
  roundId: string;
  game: string;
  reason: string;
  message: string | null;
  code: string;
  heldAt: string;
  state: 'pending' | 'applied' | 'settled' | 'voided';
}

export interface Voids {
  approvals: VoidApproval[];
  held: HeldVoid[];
}

export interface CatalogueTable {
  tableId: string;
  game: string;
  variant: string | null;
  /** Who draws its results: a studio's live dealer (signed results) or the service's automatic dealer. */
  dealer: 'studio' | 'auto';
  /** The dealer's language (BCP 47: `en`, `pt-BR`), listed in the operators' catalogue; null when not set. */
  dealerLanguage: string | null;
  currency: string;
  producer: string;
  status: 'open' | 'closed';
  settings: Record<string, unknown>;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

export interface Page<T> {
  items: T[];
  nextAfter?: string | null;
}

export interface Balance {
  currency: string;
  balance: string;
  /** Bonus funds to play, apart from the cash (docs/ledger.md#bonus-funds); absent without a bonus ever. */
  bonus?: string;
  /** The active bonus's wagering progress. */
  wagering?: { wagered: string; requirement: string; expiresAt: string };
}

export class LedgerApi {
  constructor(
    private readonly token: string,
    private readonly base = '',
  ) {}

  private get<T>(path: string): Promise<T> {
    return requestJson<T>(`${this.base}${path}`, this.token);
  }

  private send<T>(method: string, path: string, body: unknown): Promise<T> {
    return requestJson<T>(`${this.base}${path}`, this.token, { method, body });
  }

  round(tableId: string, roundId: string): Promise<RoundView> {
    return this.get(`/tables/${seg(tableId)}/rounds/${seg(roundId)}`);
  }

  attention(): Promise<unknown> {
    return this.get('/rounds/attention?limit=200');
  }

  voidRound(tableId: string, roundId: string, actor: string, reason: string): Promise<unknown> {
    return this.send('POST', `/rounds/${seg(tableId)}/${seg(roundId)}/void`, { actor, reason });
  }

  resubmit(
    tableId: string,
    roundId: string,
    actor: string,
    reason: string,
    result: unknown,
  ): Promise<unknown> {
    return this.send('POST', `/rounds/${seg(tableId)}/${seg(roundId)}/resubmit`, { actor, reason, result });
  }

  voids(): Promise<Voids> {
    return this.get('/rounds/voids?limit=200');
  }

  approveVoid(tableId: string, roundId: string, reason: string): Promise<{ approval: VoidApproval }> {
    return this.send('POST', `/rounds/${seg(tableId)}/${seg(roundId)}/void-approval`, { reason });
  }

  tables(): Promise<unknown> {
    return this.get('/tables?limit=200');
  }

  putTable(tableId: string, body: Record<string, unknown>): Promise<unknown> {
    return this.send('PUT', `/tables/${seg(tableId)}`, body);
  }

  /** Registers the studio console's Ed25519 public key (PEM) for a live table (docs/kafka-security.md#signed-live-results). */
  putResultKey(tableId: string, publicKey: string, reason: string): Promise<unknown> {
    return this.send('PUT', `/tables/${seg(tableId)}/result-key`, { publicKey, reason });
  }

  removeResultKey(tableId: string, reason: string): Promise<unknown> {
    return this.send('DELETE', `/tables/${seg(tableId)}/result-key`, { reason });
  }

  closeTable(tableId: string, actor: string, reason: string): Promise<unknown> {
    return this.send('POST', `/tables/${seg(tableId)}/close`, { actor, reason });
  }

  balances(operatorId: string, playerId: string): Promise<unknown> {
    return this.get(`/operators/${seg(operatorId)}/players/${seg(playerId)}/balances`);
  }

  bets(operatorId: string, playerId: string): Promise<unknown> {
    return this.get(`/operators/${seg(operatorId)}/players/${seg(playerId)}/bets?limit=100`);
  }
}

/** The items of a list answer, whatever its envelope (`items`, `rounds`, `tables`, `bets`, or a bare array). */
export function itemsOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    for (const key of ['items', 'rounds', 'tables', 'bets', 'balances', 'rows']) {
      const value = (answer as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}
