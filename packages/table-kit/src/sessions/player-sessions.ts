import { PlayerClaims, SessionsTopicEvent } from '@casino/events';
import { Socket } from 'socket.io';
import { playerKey } from '../players/player-key';
import { Clock, TimerHandle } from '../timers/clock';
import { OriginPolicy } from './origin-policy';
import { RevocationMemory, RevokedSessions } from './revoked-sessions';
import { takeAll, TokenBucket } from './token-bucket';

/** How often the buckets of players who left are swept (those full are dropped). */
const BUCKET_SWEEP_MS = 10_000;

/** What a socket is told when its token runs out, just before the server closes it. */
export const SESSION_EXPIRED = 'session:expired';

/** What a socket is told when the ledger revoked its launch session (or every session of its player). */
export const SESSION_REVOKED = 'session:revoked';

/** How fast a player may send bet commands: `ratePerSecond` on average, `burst` at once. */
export interface BetRateLimit {
  ratePerSecond: number;
  burst: number;
}

/** What a service's player sessions are configured with (defaults: 10 bet commands/s, burst 20; any origin). */
export interface PlayerSessionsOptions {
  betRate?: BetRateLimit;
  revocationMemory?: RevocationMemory;
  /** Checked at the handshake with the token's claims; absent, every origin the transport let through. */
  originPolicy?: OriginPolicy;
}

/** A revocation as the sessions topic carries it; `occurredAt` is when the ledger made it. */
export type RevocationEvent = DistributiveOmit<
  SessionsTopicEvent,
  'id' | 'occurredAt' | 'producedAt' | 'causationId' | 'version'
> & {
  occurredAt?: string;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The longest delay a Node timer takes (about 24.8 days); a later expiry is re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The open player sockets of a service, by player (operator, player), and the rules that outlive the
 * handshake: a socket is closed when its token expires (`session:expired`, one timer per socket on the
 * service's clock, cleared on disconnect); the ledger's revocations (sessions topic) close the sockets concerned
 * (`session:revoked`): a launch session's (token `sid`), a player's, or an operator's, and are remembered
 * (`RevokedSessions`) so that the handshake refuses the revoked tokens from then on (`refusal`, which also checks
 * the browser origin against the token's operator).
 * Bet commands pass a token bucket of the (operator, player) and one of the socket (`allowBetCommand`).
 */
export class PlayerSessions {
  private readonly sockets = new Map<string, Set<Socket>>();
  private readonly expiries = new Map<string, TimerHandle>();
  private readonly playerBuckets = new Map<string, TokenBucket>();
  private readonly socketBuckets = new Map<string, TokenBucket>();
  private bucketsSweptAt = 0;
  private readonly revoked: RevokedSessions;
  private readonly betRate: BetRateLimit;
  private readonly originPolicy: OriginPolicy | undefined;
  /** The longest token lifetime the handshake accepts (the revocations' memory counts on it). */
  readonly maxLifetimeSeconds: number | undefined;

  constructor(
    private readonly clock: Clock,
    options: PlayerSessionsOptions = {},
  ) {
    this.betRate = options.betRate ?? { ratePerSecond: 10, burst: 20 };
    this.originPolicy = options.originPolicy;
    const lifetimeMs = options.revocationMemory?.maxTokenLifetimeMs;
    this.maxLifetimeSeconds = lifetimeMs === undefined ? undefined : Math.floor(lifetimeMs / 1000);
    this.revoked = new RevokedSessions(() => this.clock.now(), options.revocationMemory);
  }

  /**
   * Why the handshake refuses a token whose signature and expiry are fine: the browser's origin is neither the
   * platform's nor one of the token's operator (ORIGIN_NOT_ALLOWED), its launch session was revoked, or its
   * player's or operator's sessions were all revoked after it was issued (TOKEN_REVOKED). Undefined when it may
   * connect.
   */
  refusal(claims: PlayerClaims, origin?: string): string | undefined {
    if (this.originPolicy && !this.originPolicy.allowsPlayer(origin, claims))
      return `ORIGIN_NOT_ALLOWED: ${origin ?? ''} may not open a socket for this casino`;
    const revoked = this.revoked.refusal(claims);
    return revoked === undefined ? undefined : `TOKEN_REVOKED: ${revoked}`;
  }

  /** How many revocations this instance remembers (sessions, players, operators). */
  rememberedRevocations(): { sessions: number; players: number; operators: number } {
    return this.revoked.size();
  }

  /**
   * Whether the socket may send a bet command now: one token from the player's bucket (shared by all of the
   * (operator, player)'s sockets) and one from the socket's, or none when either is empty.
   */
  allowBetCommand(socket: Socket): boolean {
    const player = (socket.data as { player?: PlayerClaims }).player;
    if (!player) return false;
    const key = playerKey(player);
    return takeAll([this.bucket(this.playerBuckets, key), this.bucket(this.socketBuckets, socket.id)]);
  }

  private bucket(buckets: Map<string, TokenBucket>, key: string): TokenBucket {
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.betRate.ratePerSecond, this.betRate.burst, () => this.clock.now());
      buckets.set(key, bucket);
    }
    return bucket;
  }

  /** A socket past the handshake, with its verified claims: tracked until it disconnects. */
  connected(socket: Socket, player: PlayerClaims): void {
    const key = playerKey(player);
    const set = this.sockets.get(key) ?? new Set<Socket>();
    set.add(socket);
    this.sockets.set(key, set);
    socket.once('disconnect', () => this.disconnected(socket, key));
    this.armExpiry(socket, player.exp * 1000);
  }

  /** The open sockets of a player (operator, player). */
  socketsOf(player: { operatorId: string; playerId: string }): Socket[] {
    return [...(this.sockets.get(playerKey(player)) ?? [])];
  }

  /**
   * Applies a revocation of the sessions topic: closes the sockets it concerns (a `PlayerSessionRevoked`: the
   * (operator, player)'s sockets whose token `sid` is its `sessionId`, or all of them when it names none; an
   * `OperatorSessionsRevoked`: every socket of the operator) and remembers it as made at the event's `occurredAt`
   * (else now), for `refusal`. Returns how many sockets were closed.
   */
  revoke(event: RevocationEvent): number {
    const at = event.occurredAt === undefined ? NaN : Date.parse(event.occurredAt);
    const revokedAtMs = Number.isFinite(at) ? at : this.clock.now();
    const hit =
      event.type === 'OperatorSessionsRevoked'
        ? this.socketsOfOperator(event.operatorId)
        : this.socketsOf(event).filter(
            (socket) =>
              event.sessionId === undefined ||
              (socket.data as { player?: PlayerClaims }).player?.sid === event.sessionId,
          );
    this.revoked.remember(
      event.type === 'OperatorSessionsRevoked'
        ? { operatorId: event.operatorId, revokedAtMs }
        : { ...event, revokedAtMs },
    );
    const message =
      event.type === 'OperatorSessionsRevoked'
        ? 'the casino was suspended from the platform'
        : 'the casino ended this game session';
    for (const socket of hit) this.close(socket, SESSION_REVOKED, { reason: event.reason, message });
    return hit.length;
  }

  private socketsOfOperator(operatorId: string): Socket[] {
    const prefix = `${encodeURIComponent(operatorId)}:`;
    return [...this.sockets].filter(([key]) => key.startsWith(prefix)).flatMap(([, set]) => [...set]);
  }

  private disconnected(socket: Socket, key: string): void {
    this.expiries.get(socket.id)?.cancel();
    this.expiries.delete(socket.id);
    const set = this.sockets.get(key);
    set?.delete(socket);
    this.socketBuckets.delete(socket.id);
    if (set?.size === 0) this.sockets.delete(key);
    // A full bucket is the same as a new one; the others are dropped once full (a reconnect refills nothing), in a
    // sweep now and then: one at every disconnect would scan every player's bucket 10,000 times when a table empties.
    if (!this.sockets.has(key) && this.playerBuckets.get(key)?.isFull()) this.playerBuckets.delete(key);
    const now = this.clock.now();
    if (now - this.bucketsSweptAt < BUCKET_SWEEP_MS) return;
    this.bucketsSweptAt = now;
    for (const [k, bucket] of this.playerBuckets)
      if (!this.sockets.has(k) && bucket.isFull()) this.playerBuckets.delete(k);
  }

  private armExpiry(socket: Socket, expiresAtMs: number): void {
    const delay = expiresAtMs - this.clock.now();
    const step = Math.max(0, Math.min(delay, MAX_TIMER_MS));
    const timer = this.clock.setTimer(step, () => {
      if (!socket.connected) return;
      if (expiresAtMs - this.clock.now() > 0) return this.armExpiry(socket, expiresAtMs);
      this.close(socket, SESSION_EXPIRED, {
        message: 'the player token has expired: open the game again from the casino',
        exp: expiresAtMs / 1000,
      });
    });
    this.expiries.set(socket.id, timer);
  }

  /** Tells the socket why, then closes it (`io server disconnect` on the client). */
  private close(socket: Socket, name: string, payload: object): void {
    socket.emit(name, payload);
    socket.disconnect(true);
  }
}
