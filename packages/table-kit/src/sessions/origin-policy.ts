import { originMatcher, PlayerClaims } from '@casino/events';

/**
 * Which browser origins may open a player socket. Two checks, because the operator is known only from the token:
 * - `allowsOrigin`, at the transport (every HTTP request and upgrade, before any token is read): refuses what can
 *   never be allowed (a malformed Origin);
 * - `allowsPlayer`, at the handshake once the token is verified: the platform's own origins (the lobby, for every
 *   operator) or one the token's operator registered (`origins` claim, signed by the ledger at launch).
 * A token of operator B used from operator A's page is refused (docs/websocket-api.md, "Origins").
 */
export interface OriginPolicy {
  /** `origin` undefined: no Origin header (not a browser; CORS protects browsers only). */
  allowsOrigin(origin: string | undefined): boolean;
  allowsPlayer(origin: string | undefined, player: Pick<PlayerClaims, 'operatorId' | 'origins'>): boolean;
}

/** The development default: any port on localhost and 127.0.0.1. */
export const DEFAULT_SOCKET_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';

/** Any well-formed origin: what the transport lets through to the handshake, which decides per operator. */
const ANY_ORIGIN = /^https?:\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(:[0-9]{1,5})?$/;

/**
 * The platform's origins (SOCKET_ALLOWED_ORIGINS) for every operator, plus each token's own `origins`.
 * Matchers of the token's origins are cached per distinct list (a few per operator).
 */
export class PlayerOriginPolicy implements OriginPolicy {
  private readonly platform: ((origin: string) => boolean)[];
  private readonly operatorMatchers = new Map<string, ((origin: string) => boolean)[]>();

  constructor(platformEntries: readonly string[]) {
    this.platform = platformEntries.map(matcherOf);
  }

  allowsOrigin(origin: string | undefined): boolean {
    return origin === undefined || this.isPlatform(origin) || ANY_ORIGIN.test(origin);
  }

  allowsPlayer(origin: string | undefined, player: Pick<PlayerClaims, 'operatorId' | 'origins'>): boolean {
    if (origin === undefined || this.isPlatform(origin)) return true;
    return this.matchersOf(player.origins ?? []).some((m) => m(origin));
  }

  private isPlatform(origin: string): boolean {
    return this.platform.some((m) => m(origin));
  }

  private matchersOf(entries: readonly string[]): ((origin: string) => boolean)[] {
    if (entries.length === 0) return [];
    const key = entries.join('\n');
    let matchers = this.operatorMatchers.get(key);
    if (!matchers) {
      matchers = entries.map(matcherOf);
      // Bounded: lists come from signed tokens (one or a few per operator); a flood of lists only costs a rebuild.
      if (this.operatorMatchers.size >= 1000) this.operatorMatchers.clear();
      this.operatorMatchers.set(key, matchers);
    }
    return matchers;
  }
}

function matcherOf(entry: string): (origin: string) => boolean {
  const matcher = originMatcher(entry);
  if (!matcher) throw new Error(`not an origin pattern: ${entry}`);
  return matcher;
}
