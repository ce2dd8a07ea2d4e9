import type {
  LobbyBaccaratResult,
  LobbyLimits,
  LobbyRouletteResult,
  LobbyStudioResult,
  LobbyTable,
} from '@casino/player-protocol';
import { gameDefinition, type GameId } from '@casino/games';
import { GameServiceEndpoint, LobbyConfig } from '../config/lobby-config';
import { ServiceTable } from './service-tables';

/** A table's smallest minimum and largest maximum over its bets ("€1 – €5,000" in the lobby). */
export function tableLimits(limits: Record<string, LobbyLimits>): LobbyLimits {
  let min: bigint | null = null;
  let max: bigint | null = null;
  for (const l of Object.values(limits)) {
    const lo = BigInt(l.min);
    const hi = BigInt(l.max);
    if (min === null || lo < min) min = lo;
    if (max === null || hi > max) max = hi;
  }
  return { min: String(min ?? 0n), max: String(max ?? 0n) };
}

/**
 * A game whose tables' variant line is not the `variant` its service lists (keyed by registry id; a game not named
 * here shows the service's `variant`, or its id when the service names none).
 */
const VARIANT_OF: { readonly [G in GameId]?: (table: ServiceTable) => string } = {
  baccarat: (table) => table.variant ?? 'commission',
  roulette: (table) => table.variant ?? 'european',
  // Blackjack's tile names the table's blackjack payout.
  blackjack: (table) => table.rules?.blackjackPays ?? '3:2',
};

function variantOf(table: ServiceTable): string {
  return VARIANT_OF[table.game]?.(table) ?? table.variant ?? table.game;
}

/**
 * The default display name: the game's title and the table id's suffix ("Baccarat 1", "Baccarat RNG", "Roulette
 * Studio", "Dragon Tiger 1").
 */
function defaultName(table: ServiceTable): string {
  const game = gameDefinition(table.game).title;
  const suffix = table.tableId.replace(/^[a-z]+-/, '');
  const shown = suffix.length <= 3 ? suffix.toUpperCase() : suffix.charAt(0).toUpperCase() + suffix.slice(1);
  return `${game} ${shown}`;
}

export interface RowInput {
  table: ServiceTable;
  endpoint: GameServiceEndpoint;
  presentation: LobbyConfig['presentation'];
  online: boolean;
  baccaratResults: LobbyBaccaratResult[];
  rouletteResults: LobbyRouletteResult[];
  studioResults: LobbyStudioResult[];
}

/** The lobby's row of a table from what its service said and the results the lobby has kept. */
export function lobbyRow(input: RowInput): LobbyTable {
  const { table, endpoint } = input;
  const shown = input.presentation[table.tableId] ?? {};
  // An RNG table (baccarat's) is a single-player table: no shared phase to show.
  const rng = table.variant === 'rng';
  const round = table.round ?? null;
  const dealerCards = round?.dealer?.cards ?? [];
  return {
    tableId: table.tableId,
    game: table.game,
    variant: variantOf(table),
    // A table whose service states its rules (blackjack) names its variant and house edge; others have none.
    rulesVariant: table.rules?.variant ?? null,
    houseEdge: table.rules?.houseEdge ?? null,
    name: shown.name ?? defaultName(table),
    dealerName: shown.dealerName ?? null,
    dealer: table.dealer,
    currency: table.currency,
    limits: tableLimits(table.limits),
    betLimits: table.limits,
    ...(table.currencies
      ? {
          currencies: Object.fromEntries(
            Object.entries(table.currencies).map(([c, p]) => [
              c,
              { limits: tableLimits(p.limits), betLimits: p.limits },
            ]),
          ),
        }
      : {}),
    phase: rng ? 'single-player' : (table.phase ?? 'unknown'),
    roundId: round?.roundId ?? null,
    closesAt: table.phase === 'betting' ? (round?.closesAt ?? null) : null,
    serverTime: table.serverTime ?? null,
    serviceUrl: endpoint.publicUrl,
    online: input.online,
    players: table.playersAtTable ?? null,
    seats: (round?.seats ?? []).map((s) => ({ seat: s.seat, name: s.name })),
    dealerUpCard: dealerCards[0] ?? null,
    baccaratResults: input.baccaratResults,
    rouletteResults: input.rouletteResults,
    studioResults: input.studioResults,
    shoeId: table.shoe?.shoeId ?? null,
  };
}

/** Whether two rows differ in what a player sees (the service's clock reading aside). */
export function rowChanged(a: LobbyTable | undefined, b: LobbyTable): boolean {
  if (!a) return true;
  return JSON.stringify({ ...a, serverTime: 0 }) !== JSON.stringify({ ...b, serverTime: 0 });
}
