import { PlayerClaims } from '@casino/events';
import { playerKey } from '../players/player-key';

/** How long revocations are remembered and how many at most. */
export interface RevocationMemory {
  /** The longest a player token lives (`exp - iat`): a revocation is kept this long after it was made. */
  maxTokenLifetimeMs: number;
  /** At most this many revoked sessions, and as many revoked players, are kept (the oldest go first). */
  maxEntries: number;
}

/** A revocation as the ledger publishes it (`PlayerSessionRevoked`), with when it was made (`occurredAt`). */
export interface Revocation {
  operatorId: string;
  playerId: string;
  sessionId?: string;
  revokedAtMs: number;
}

interface Entry {
  revokedAtMs: number;
  forgetAtMs: number;
}

/**
 * The revocations a service instance has learnt, so that a revoked token stays refused at connect:
 * - a revoked launch session (token `sid`) of an (operator, player), whatever the token's issue time;
 * - a player-wide revocation: every token of the (operator, player) issued (`iat`) at or before it, and every
 *   token without `iat` (it cannot show it is newer).
 * An entry is kept until `maxTokenLifetimeMs` after the revocation (every token it concerns has expired by then),
 * and at most `maxEntries` of each kind: memory is bounded by time and by count.
 */
export class RevokedSessions {
  private readonly sessions = new Map<string, Entry>();
  private readonly players = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly memory: RevocationMemory = { maxTokenLifetimeMs: 24 * 3600_000, maxEntries: 100_000 },
  ) {}

  /** Remembers a revocation; one older than the longest token life concerns no live token and is ignored. */
  remember(revocation: Revocation): void {
    const now = this.now();
    this.forgetExpired(now);
    const forgetAtMs = revocation.revokedAtMs + this.memory.maxTokenLifetimeMs;
    if (forgetAtMs <= now) return;
    const player = playerKey(revocation);
    if (revocation.sessionId === undefined) {
      const known = this.players.get(player);
      if (known && known.revokedAtMs >= revocation.revokedAtMs) return;
      this.keep(this.players, player, { revokedAtMs: revocation.revokedAtMs, forgetAtMs });
    } else {
      this.keep(this.sessions, sessionKey(player, revocation.sessionId), {
        revokedAtMs: revocation.revokedAtMs,
        forgetAtMs,
      });
    }
  }

  /** Why a token with these claims is refused, or undefined when no remembered revocation concerns it. */
  refusal(claims: Pick<PlayerClaims, 'operatorId' | 'playerId' | 'sid' | 'iat'>): string | undefined {
    const now = this.now();
    const player = playerKey(claims);
    if (claims.sid !== undefined && live(this.sessions.get(sessionKey(player, claims.sid)), now)) {
      return 'the casino ended this game session: open the game again from the casino';
    }
    const wide = this.players.get(player);
    if (live(wide, now) && (claims.iat === undefined || claims.iat * 1000 <= wide.revokedAtMs)) {
      return 'the casino ended every game session of this player before this token was issued: open the game again from the casino';
    }
    return undefined;
  }

  /** How many revocations are remembered (sessions, players). */
  size(): { sessions: number; players: number } {
    return { sessions: this.sessions.size, players: this.players.size };
  }

  private keep(map: Map<string, Entry>, key: string, entry: Entry): void {
    map.delete(key);
    map.set(key, entry);
    // Over the bound, the oldest learnt go first.
    while (map.size > this.memory.maxEntries) map.delete(map.keys().next().value as string);
  }

  private forgetExpired(now: number): void {
    for (const map of [this.sessions, this.players])
      for (const [key, entry] of map) if (entry.forgetAtMs <= now) map.delete(key);
  }
}

const sessionKey = (player: string, sid: string): string => `${player}#${encodeURIComponent(sid)}`;

function live(entry: Entry | undefined, now: number): entry is Entry {
  return entry !== undefined && entry.forgetAtMs > now;
}
