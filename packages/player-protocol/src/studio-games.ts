import type { GameOfService } from '@casino/games';

// The table messages of the games apps/studio-games-service runs (their definitions' `service`), besides the
// common ones in ./table.

/** The games a studio-games table plays (the registry's games whose service is `studio-games`). */
export type StudioGameId = GameOfService<'studio-games'>;

export const STUDIO_GAMES_MESSAGES = {
  /** The result is being drawn (dice shaken, beads counted, cards dealt): betting has closed. */
  drawing: 'round:drawing',
} as const;

/**
 * An automatic dice or bead table's commitment to the round's draw, published before betting opens
 * (docs/rules/sic-bo.md#automatic-tables): the hash of the secret server seed, the client seed and the nonce.
 */
export interface FairCommitment {
  scheme: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** The seeds revealed with the result: SHA-256(serverSeed) is the committed hash and they give the result. */
export interface FairReveal {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface StudioRoundOpened {
  tableId: string;
  roundId: string;
  game: StudioGameId;
  closesAt: number;
  /** Dice and bead tables: the round's commitment. */
  commitment?: FairCommitment;
  /** Card tables: the shoe the round is dealt from. */
  shoeId?: string;
}

/** A round's result as players and the history see it: the game's own fields, without its seeds. */
export interface StudioResultSummary {
  /** Sic Bo: the three faces. */
  dice?: number[];
  /** Fan Tan: the bead count and the result it leaves (1..4). */
  count?: number;
  result?: number;
  /**
   * A game dealt from a shoe: the cards in deal order and what they decided (its automaticDraw's `outcome`: the
   * two-card games' `first`, `second` or `tie`).
   */
  cards?: string[];
  winner?: string;
  /** An automatic card table: the shoe the round was dealt from (a new shoe starts new roads). */
  shoeId?: string;
}

export interface StudioRoundResult extends StudioResultSummary {
  tableId: string;
  roundId: string;
  game: StudioGameId;
  /** Dice and bead tables: the revealed seeds of the commitment. */
  fair?: FairReveal;
}

export interface StudioGamesPayloads {
  'round:opened': StudioRoundOpened;
  'round:result': StudioRoundResult;
  /** `redraws`: a studio's dice shaken again or beads counted again (how many times this round). */
  'round:drawing': { tableId: string; roundId: string; redraws?: number };
}
