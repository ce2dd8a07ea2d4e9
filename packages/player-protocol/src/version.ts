/**
 * The version of the players' WebSocket protocol (docs/websocket-api.md#protocol-version). A client sends the
 * version it speaks in the handshake (`auth: { token, protocol }`); a game service accepts the versions from
 * MIN_PLAYER_PROTOCOL_VERSION to PLAYER_PROTOCOL_VERSION and refuses any other at the handshake with
 * `PROTOCOL_UNSUPPORTED`, naming the range, so an outdated client (a cached page after a release that changed a
 * message) says "reload" instead of misreading messages. Raise PLAYER_PROTOCOL_VERSION when a message changes in a
 * way an older client would misread; raise the minimum once the services no longer speak the old one.
 */
export const PLAYER_PROTOCOL_VERSION = 1;
export const MIN_PLAYER_PROTOCOL_VERSION = 1;

/** The versions a service speaks, sent back with a refusal. */
export interface ProtocolRange {
  min: number;
  max: number;
}

export const PROTOCOL_RANGE: ProtocolRange = {
  min: MIN_PLAYER_PROTOCOL_VERSION,
  max: PLAYER_PROTOCOL_VERSION,
};

/**
 * Why a client's declared version cannot be served, or undefined. A handshake without a version is served as the
 * first version (tools and bots written before the version existed); a version that is not a whole number, or
 * outside the range, is refused.
 */
export function protocolProblem(version: unknown, range: ProtocolRange = PROTOCOL_RANGE): string | undefined {
  if (version === undefined) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version))
    return `protocol must be a whole number (this service speaks ${range.min}–${range.max})`;
  if (version < range.min || version > range.max)
    return `protocol ${version} is not served here: this service speaks ${range.min}–${range.max}; reload the client`;
  return undefined;
}
