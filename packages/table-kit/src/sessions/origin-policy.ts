/**
 * Which browser origins may open a player socket. Checked at the transport (every HTTP request and upgrade,
 * before any token is read: `allowsOrigin`). Seam for per-operator origins: a socket's token names its
 * operator, so an implementation backed by the operator registry can narrow it per operator at the handshake
 * (`allowsPlayer`, called once the token is verified).
 */
export interface OriginPolicy {
  /** `origin` undefined: no Origin header (not a browser; CORS protects browsers only). */
  allowsOrigin(origin: string | undefined): boolean;
  allowsPlayer(origin: string | undefined, player: { operatorId: string }): boolean;
}

/** The development default: any port on localhost and 127.0.0.1. */
export const DEFAULT_SOCKET_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';

const PATTERN = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\*|[0-9]{1,5}))?$/;

/** One allowed origin (`scheme://host[:port|:*]`) as a matcher; undefined when the entry is malformed. */
export function originMatcher(entry: string): ((origin: string) => boolean) | undefined {
  if (entry === '*') return () => true;
  const m = PATTERN.exec(entry);
  if (!m) return undefined;
  const [, scheme, host, port] = m;
  const escaped = `${scheme}://${host}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const portPart = port === '*' ? '(:[0-9]{1,5})?' : port ? `:${port}` : '';
  const re = new RegExp(`^${escaped}${portPart}$`, 'i');
  return (origin) => re.test(origin);
}

/** A fixed allow-list (SOCKET_ALLOWED_ORIGINS), the same for every operator. */
export class AllowListOriginPolicy implements OriginPolicy {
  private readonly matchers: ((origin: string) => boolean)[];

  constructor(entries: readonly string[]) {
    this.matchers = entries.map((e) => {
      const matcher = originMatcher(e);
      if (!matcher) throw new Error(`not an origin pattern: ${e}`);
      return matcher;
    });
  }

  allowsOrigin(origin: string | undefined): boolean {
    return origin === undefined || this.matchers.some((m) => m(origin));
  }

  allowsPlayer(origin: string | undefined): boolean {
    return this.allowsOrigin(origin);
  }
}
