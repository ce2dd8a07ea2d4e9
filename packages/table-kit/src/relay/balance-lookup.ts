import { PlayerClaims } from '@casino/events';
import { PlayerRelay } from './player-relay';

/**
 * A player's balance for a join snapshot: the latest BalanceChanged seen, else (when LEDGER_URL is set) the
 * ledger's balances endpoint, else unknown (null on the wire; the next `balance` message fills it in).
 */
export class BalanceLookup {
  constructor(
    private readonly relay: PlayerRelay,
    private readonly ledgerUrl: string | undefined,
    private readonly timeoutMs = 1500,
    /** The ledger's back-office token (LEDGER_BACKOFFICE_TOKEN): its balances route refuses requests without it. */
    private readonly ledgerToken: string | undefined = undefined,
  ) {}

  async balanceFor(player: PlayerClaims): Promise<bigint | undefined> {
    const cached = this.relay.balanceOf(player.playerId);
    if (cached !== undefined || !this.ledgerUrl) return cached;
    try {
      const url = `${this.ledgerUrl}/operators/${encodeURIComponent(player.operatorId)}/players/${encodeURIComponent(player.playerId)}/balances`;
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: this.ledgerToken ? { authorization: `Bearer ${this.ledgerToken}` } : {},
      });
      if (!res.ok) return undefined;
      const rows = (await res.json()) as { currency?: unknown; balance?: unknown }[];
      const row = Array.isArray(rows) ? rows.find((r) => r.currency === player.currency) : undefined;
      if (typeof row?.balance !== 'string' || !/^[0-9]+$/.test(row.balance)) return undefined;
      // A BalanceChanged that arrived meanwhile is newer than this answer.
      const newer = this.relay.balanceOf(player.playerId);
      if (newer !== undefined) return newer;
      const balance = BigInt(row.balance);
      this.relay.setBalance(player.playerId, player.currency, balance);
      return balance;
    } catch {
      return undefined;
    }
  }
}
