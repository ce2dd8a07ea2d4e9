import { BACCARAT_MESSAGES, BaccaratPayloads } from './baccarat';
import { BLACKJACK_MESSAGES, BlackjackPayloads } from './blackjack';
import { LOBBY_MESSAGES, LobbyPayloads } from './lobby';
import { RNG_BACCARAT_MESSAGES, RngBaccaratPayloads } from './rng-baccarat';
import { ROULETTE_MESSAGES, RoulettePayloads } from './roulette';
import { STUDIO_GAMES_MESSAGES, StudioGamesPayloads } from './studio-games';
import { CommonTablePayloads, TABLE_MESSAGES } from './table';

/**
 * Every message name a service sends to players, one map per namespace or game. A name is defined in exactly
 * one map (a name every game sends, e.g. `round:opened`, lives in TABLE_MESSAGES); protocol.spec.ts checks it.
 */
export const PLAYER_MESSAGE_MAPS = {
  table: TABLE_MESSAGES,
  baccarat: BACCARAT_MESSAGES,
  rngBaccarat: RNG_BACCARAT_MESSAGES,
  blackjack: BLACKJACK_MESSAGES,
  roulette: ROULETTE_MESSAGES,
  studioGames: STUDIO_GAMES_MESSAGES,
  lobby: LOBBY_MESSAGES,
} as const;

type ValuesOf<T> = T[keyof T];

/** A message a game service's table socket sends. */
export type TableMessageName =
  | ValuesOf<typeof TABLE_MESSAGES>
  | ValuesOf<typeof BACCARAT_MESSAGES>
  | ValuesOf<typeof RNG_BACCARAT_MESSAGES>
  | ValuesOf<typeof BLACKJACK_MESSAGES>
  | ValuesOf<typeof ROULETTE_MESSAGES>
  | ValuesOf<typeof STUDIO_GAMES_MESSAGES>;

export type LobbyMessageName = ValuesOf<typeof LOBBY_MESSAGES>;

/** Each game's table messages with their payloads (the common ones included). */
export type BaccaratTablePayloads = CommonTablePayloads & BaccaratPayloads & RngBaccaratPayloads;
export type BlackjackTablePayloads = CommonTablePayloads & BlackjackPayloads;
export type RouletteTablePayloads = CommonTablePayloads & RoulettePayloads;
export type StudioGamesTablePayloads = CommonTablePayloads & StudioGamesPayloads;

type Merge<A, B> = {
  [K in keyof A | keyof B]: (K extends keyof A ? A[K] : never) | (K extends keyof B ? B[K] : never);
};

/**
 * The payload of every table message, by name; a name several games send (`round:opened`, `round:result`)
 * has the union of their payloads. The table kit's `Effects` types what a machine sends with it.
 */
export type TablePayloads = Merge<
  Merge<Merge<BaccaratTablePayloads, BlackjackTablePayloads>, RouletteTablePayloads>,
  StudioGamesTablePayloads
>;

export type PlayerPayloads = TablePayloads & LobbyPayloads;

/** The payload of message `N` as the client receives it. */
export type TablePayload<N extends TableMessageName> = TablePayloads[N];

/**
 * A payload map as socket.io's typed events (`Socket<ServerEvents<LobbyPayloads>>` on the client,
 * `Namespace<{}, ServerEvents<LobbyPayloads>>` on the server): emitting or reading a message not in the map, or
 * with another payload, fails to compile.
 */
export type ServerEvents<P> = { [N in keyof P]: (payload: P[N]) => void };

/** The lobby namespace's events as socket.io types them. */
export type LobbyServerEvents = ServerEvents<LobbyPayloads>;

const TABLE_MESSAGE_NAMES: ReadonlySet<string> = new Set(
  Object.entries(PLAYER_MESSAGE_MAPS)
    .filter(([map]) => map !== 'lobby')
    .flatMap(([, names]) => Object.values(names)),
);

/** Whether a received name is a table message of this protocol (a client ignores any other). */
export function isTableMessage(name: string): name is TableMessageName {
  return TABLE_MESSAGE_NAMES.has(name);
}

type FieldsOf<T> = T extends unknown ? keyof T : never;

/**
 * A received payload with the protocol's field names for message `N` of payload map `P`, each value still
 * `unknown`: the client decodes every field (a payload is input from outside), but reading a field the
 * protocol does not have fails to compile.
 */
export type Received<P, N extends keyof P> = { readonly [K in FieldsOf<P[N]>]?: unknown };

/** `receivedOf<BaccaratTablePayloads>()(name, payload)`: the payload of a narrowed `name`, typed by its fields. */
export function receivedOf<P>() {
  return <N extends keyof P>(_name: N, payload: Record<string, unknown>): Received<P, N> =>
    payload as Received<P, N>;
}
