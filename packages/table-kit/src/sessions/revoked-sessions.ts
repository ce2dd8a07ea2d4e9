import { PlayerClaims } from '@casino/events';
import { playerKey } from '../players/player-key';

/** How long revocations are remembered and how many at most. */
export interface RevocationMemory {
  /** The longest a player token lives (`exp - iat`): a revocation is kept this long after it was made. */
  maxTokenLifetimeMs: number;
  /** At most this many revoked sessions, and as many revoked players, are kept (the oldest go first). */
  maxEntries: number;
}

/**
 * A revocation as the ledger publishes it, with when it was made (`occurredAt`): a launch session (`sessionId`),
 * every session of a player (`PlayerSessionRevoked` without one), or of an operator (`OperatorSessionsRevoked`: no
 * `playerId`).
 */
export interface Revocation {
  operatorId: string;
  playerId?: string;
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
 *   token without `iat` (it cannot show it is newer);
 * - an operator-wide one (the operator was suspended): the same for every player of the operator.
 * An entry is kept until `maxTokenLifetimeMs` after the revocation (every token it concerns has expired by then),
 * and at most `maxEntries` of each kind: memory is bounded by time and by count.
 */
export class RevokedSessions {
  private readonly sessions = new Map<string, Entry>();
  private readonly players = new Map<string, Entry>();
  private readonly operators = new Map<string, Entry>();

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
    const entry = { revokedAtMs: revocation.revokedAtMs, forgetAtMs };
    const { operatorId, playerId, sessionId } = revocation;
    if (playerId === undefined) this.keepLatest(this.operators, operatorId, entry);
    else if (sessionId === undefined)
      this.keepLatest(this.players, playerKey({ operatorId, playerId }), entry);
    else this.keep(this.sessions, sessionKey(playerKey({ operatorId, playerId }), sessionId), entry);
  }

  /** Why a token with these claims is refused, or undefined when no remembered revocation concerns it. */
  refusal(claims: Pick<PlayerClaims, 'operatorId' | 'playerId' | 'sid' | 'iat'>): string | undefined {
    const now = this.now();
    const player = playerKey(claims);
    if (claims.sid !== undefined && live(this.sessions.get(sessionKey(player, claims.sid)), now)) {
      return 'the casino ended this game session: open the game again from the casino';
    }
    if (issuedBefore(this.players.get(player), claims, now)) {
      return 'the casino ended every game session of this player before this token was issued: open the game again from the casino';
    }
    if (issuedBefore(this.operators.get(claims.operatorId), claims, now)) {
      return 'the casino was suspended from the platform before this token was issued';
    }
    return undefined;
  }

  /** How many revocations are remembered (sessions, players, operators). */
  size(): { sessions: number; players: number; operators: number } {
    return { sessions: this.sessions.size, players: this.players.size, operators: this.operators.size };
  }

  /** Keeps the later of two wide revocations of one key. */
  private keepLatest(map: Map<string, Entry>, key: string, entry: Entry): void {
    const known = map.get(key);
    if (!known || known.revokedAtMs < entry.revokedAtMs) this.keep(map, key, entry);
  }

  private keep(map: Map<string, Entry>, key: string, entry: Entry): void {
    map.delete(key);
    map.set(key, entry);
    // Over the bound, the oldest learnt go first.
    while (map.size > this.memory.maxEntries) map.delete(map.keys().next().value as string);
  }

  private forgetExpired(now: number): void {
    for (const map of [this.sessions, this.players, this.operators])
      for (const [key, entry] of map) if (entry.forgetAtMs <= now) map.delete(key);
  }
}

const sessionKey = (player: string, sid: string): string => `${player}#${encodeURIComponent(sid)}`;

function live(entry: Entry | undefined, now: number): entry is Entry {
  return entry !== undefined && entry.forgetAtMs > now;
}

/** Whether a live wide revocation concerns a token: issued at or before it, or of unknown issue time. */
function issuedBefore(entry: Entry | undefined, claims: Pick<PlayerClaims, 'iat'>, now: number): boolean {
  return live(entry, now) && (claims.iat === undefined || claims.iat * 1000 <= entry.revokedAtMs);
}
