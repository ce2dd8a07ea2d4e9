import { BalanceChangedEvent, CasinoEvent, RoundRefundedEvent, RoundSettledEvent } from '@casino/events';
import { hostTableId } from '../host/game-runtime';
import { Broadcaster } from '../host/table-host';

/**
 * Settlements, refunds and balance changes go straight from the ledger's events to the players concerned;
 * no table state is needed for that. Balances are cached (latest BalanceChanged or BetAccepted per player) for
 * join snapshots.
 */
export class PlayerRelay {
  private readonly balances = new Map<string, { balance: bigint; currency: string }>();

  constructor(
    private readonly broadcaster: Broadcaster,
    private readonly ownsTable: (tableId: string) => boolean,
  ) {}

  balanceOf(playerId: string): bigint | undefined {
    return this.balances.get(playerId)?.balance;
  }

  setBalance(playerId: string, currency: string, balance: bigint): void {
    this.balances.set(playerId, { balance, currency });
  }

  /** Returns true when the event was one of the relayed kinds. */
  handle(event: CasinoEvent): boolean {
    switch (event.type) {
      case 'RoundSettled':
        if (this.ownsTable(event.tableId)) this.relaySettled(event);
        return true;
      case 'RoundRefunded':
        if (this.ownsTable(event.tableId)) this.relayRefunded(event);
        return true;
      case 'BalanceChanged':
        this.relayBalance(event);
        return true;
      case 'BetAccepted':
        // The ledger reports a bet's debit only here (no BalanceChanged per bet); the table still handles it.
        this.balances.set(event.playerId, { balance: event.balance, currency: event.currency });
        return false;
      default:
        return false;
    }
  }

  private relaySettled(event: RoundSettledEvent): void {
    for (const [playerId, bets] of groupByPlayer(event.bets)) {
      const totalReturned = bets.reduce((sum, b) => sum + b.returned, 0n);
      const totalStaked = bets.reduce((sum, b) => sum + b.stake, 0n);
      this.broadcaster.toPlayer(playerId, 'round:settled', {
        tableId: hostTableId(event.tableId),
        roundId: event.roundId,
        part: event.part,
        bets: bets.map((b) => ({ betId: b.betId, stake: b.stake, returned: b.returned, outcome: b.outcome })),
        totalStaked,
        totalReturned,
        net: totalReturned - totalStaked,
      });
    }
  }

  private relayRefunded(event: RoundRefundedEvent): void {
    for (const [playerId, bets] of groupByPlayer(event.bets)) {
      this.broadcaster.toPlayer(playerId, 'round:refunded', {
        tableId: hostTableId(event.tableId),
        roundId: event.roundId,
        reason: event.reason,
        bets: bets.map((b) => ({ betId: b.betId, stake: b.stake })),
        totalRefunded: bets.reduce((sum, b) => sum + b.stake, 0n),
      });
    }
  }

  private relayBalance(event: BalanceChangedEvent): void {
    this.balances.set(event.playerId, { balance: event.balance, currency: event.currency });
    this.broadcaster.toPlayer(event.playerId, 'balance', {
      balance: event.balance,
      delta: event.delta,
      reason: event.reason,
      currency: event.currency,
      tableId: event.tableId === undefined ? undefined : hostTableId(event.tableId),
      roundId: event.roundId,
    });
  }
}

function groupByPlayer<B extends { playerId: string }>(bets: readonly B[]): Map<string, B[]> {
  const out = new Map<string, B[]>();
  for (const bet of bets) {
    const list = out.get(bet.playerId) ?? [];
    list.push(bet);
    out.set(bet.playerId, list);
  }
  return out;
}
