import { BalanceChangedEvent, CasinoEvent, RoundRefundedEvent, RoundSettledEvent } from '@casino/events';
import type { BalanceChanged, Outgoing, RoundRefunded, RoundSettled } from '@casino/player-protocol';
import { hostTableId } from '../host/game-runtime';
import { Broadcaster } from '../host/table-host-deps';
import { PlayerIdentity, playerKey } from '../players/player-key';

/** A balance in the cache is one operator's player's wallet in one currency. */
const balanceKey = (player: PlayerIdentity, currency: string): string => `${playerKey(player)}/${currency}`;

/**
 * Settlements, refunds and balance changes go straight from the ledger's events to the players concerned
 * (operator and player: never a namesake of another operator); no table state is needed for that. Balances are
 * cached per (operator, player, currency) (latest BalanceChanged or BetAccepted) for join snapshots.
 */
export class PlayerRelay {
  private readonly balances = new Map<string, bigint>();

  constructor(
    private readonly broadcaster: Broadcaster,
    private readonly ownsTable: (tableId: string) => boolean,
  ) {}

  /** The cached balance of a player's wallet in a currency. */
  balanceIn(player: PlayerIdentity, currency: string): bigint | undefined {
    return this.balances.get(balanceKey(player, currency));
  }

  setBalanceIn(player: PlayerIdentity, currency: string, balance: bigint): void {
    this.balances.set(balanceKey(player, currency), balance);
  }

  /**
   * A view of the cache bound to one player's wallet (operator, player, currency), for code that names a player
   * by id alone (the ledger look-up): whatever id it passes, it reads and writes that wallet only.
   */
  scopedTo(player: PlayerIdentity & { currency: string }): PlayerRelay {
    return new ScopedPlayerRelay(this, player);
  }

  /** @deprecated ambiguous across operators; use balanceIn (kept for the scoped view). */
  balanceOf(_playerId: string): bigint | undefined {
    return undefined;
  }

  /** @deprecated ambiguous across operators; use setBalanceIn (kept for the scoped view). */
  setBalance(_playerId: string, _currency: string, _balance: bigint): void {
    // A bare player id names no wallet: nothing to cache.
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
        this.setBalanceIn(event, event.currency, event.balance);
        return false;
      default:
        return false;
    }
  }

  private relaySettled(event: RoundSettledEvent): void {
    for (const [key, bets] of groupByPlayer(event.bets)) {
      const totalReturned = bets.reduce((sum, b) => sum + b.returned, 0n);
      const totalStaked = bets.reduce((sum, b) => sum + b.stake, 0n);
      this.broadcaster.toPlayer(key, 'round:settled', {
        tableId: hostTableId(event.tableId),
        roundId: event.roundId,
        part: event.part,
        bets: bets.map((b) => ({ betId: b.betId, stake: b.stake, returned: b.returned, outcome: b.outcome })),
        totalStaked,
        totalReturned,
        net: totalReturned - totalStaked,
      } satisfies Outgoing<RoundSettled>);
    }
  }

  private relayRefunded(event: RoundRefundedEvent): void {
    for (const [key, bets] of groupByPlayer(event.bets)) {
      this.broadcaster.toPlayer(key, 'round:refunded', {
        tableId: hostTableId(event.tableId),
        roundId: event.roundId,
        reason: event.reason,
        bets: bets.map((b) => ({ betId: b.betId, stake: b.stake })),
        totalRefunded: bets.reduce((sum, b) => sum + b.stake, 0n),
      } satisfies Outgoing<RoundRefunded>);
    }
  }

  private relayBalance(event: BalanceChangedEvent): void {
    this.setBalanceIn(event, event.currency, event.balance);
    this.broadcaster.toPlayer(playerKey(event), 'balance', {
      balance: event.balance,
      delta: event.delta,
      reason: event.reason,
      currency: event.currency,
      tableId: event.tableId === undefined ? undefined : hostTableId(event.tableId),
      roundId: event.roundId,
    } satisfies Outgoing<BalanceChanged>);
  }
}

/** The relay's cache as one wallet sees it (see `scopedTo`); it relays nothing. */
class ScopedPlayerRelay extends PlayerRelay {
  constructor(
    private readonly parent: PlayerRelay,
    private readonly wallet: PlayerIdentity & { currency: string },
  ) {
    super({ toTable: () => undefined, toPlayer: () => undefined }, () => false);
  }

  override balanceOf(): bigint | undefined {
    return this.parent.balanceIn(this.wallet, this.wallet.currency);
  }

  override setBalance(_playerId: string, _currency: string, balance: bigint): void {
    this.parent.setBalanceIn(this.wallet, this.wallet.currency, balance);
  }

  override handle(): boolean {
    return false;
  }
}

function groupByPlayer<B extends PlayerIdentity>(bets: readonly B[]): Map<string, B[]> {
  const out = new Map<string, B[]>();
  for (const bet of bets) {
    const key = playerKey(bet);
    const list = out.get(key) ?? [];
    list.push(bet);
    out.set(key, list);
  }
  return out;
}
