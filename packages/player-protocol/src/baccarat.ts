// Live baccarat's table messages (besides the common ones in ./table). Cards are text ("AS", "TD").

/** Baccarat-only messages of a live table. */
export const BACCARAT_MESSAGES = {
  roundCard: 'round:card',
  /** Studio: a card came out of the shoe out of order (docs/rules/baccarat.md#exposed-cards). */
  exposedCard: 'table:exposedCard',
  exposedCardsUnused: 'table:exposedCardsUnused',
  noBetRoundNext: 'table:noBetRoundNext',
} as const;

export interface BaccaratRoundOpened {
  tableId: string;
  roundId: string;
  number: number;
  noBet: boolean;
  closesAt?: number;
  shoeId: string;
  exposedCards?: unknown[];
}

export interface BaccaratRoundCard {
  tableId: string;
  roundId: string;
  index: number;
  card: string;
  /** player | banker | burn … (the hand the card goes to). */
  target: string;
  exposed?: true;
}

export interface BaccaratRoundResult {
  tableId: string;
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  /** Record order (P1, B1, P2, B2, third cards). */
  cards: string[];
  playerPair: boolean;
  bankerPair: boolean;
  playerCards: string[];
  bankerCards: string[];
  playerNatural: boolean;
  bankerNatural: boolean;
  /** The banker won on six: with two or three cards. */
  luckySix: 'none' | 'two-cards' | 'three-cards';
  noBet: boolean;
  lastRound: boolean;
  exposed?: unknown[];
}

export interface BaccaratExposedCard {
  tableId: string;
  shoeId?: string;
  roundId?: string;
  card: string;
  reason: string;
  round?: string;
  noBetRound?: true;
  [place: string]: unknown;
}

export interface BaccaratExposedCardsUnused {
  tableId: string;
  shoeId?: string;
  cards: string[];
  reason: string;
}

export interface BaccaratPayloads {
  'round:opened': BaccaratRoundOpened;
  'round:result': BaccaratRoundResult;
  'round:card': BaccaratRoundCard;
  'table:exposedCard': BaccaratExposedCard;
  'table:exposedCardsUnused': BaccaratExposedCardsUnused;
  'table:noBetRoundNext': { tableId: string };
}
