// Messages every game table sends (table-kit's shared machinery and the rounds, bets and shoes of every game),
// and the commands players send to a table. Money is a decimal string of minor units; times are ms since the
// epoch. docs/websocket-api.md describes when each is sent.

/** What a player sends to a game service's table socket (each answered with an acknowledgement). */
export const PLAYER_COMMANDS = {
  join: 'join',
  leave: 'leave',
  placeBet: 'placeBet',
  /** Many bets of the open round in one command: the bet slip (bet-slip.ts). */
  placeBets: 'placeBets',
  cancelBet: 'cancelBet',
  /** Blackjack: a decision on a hand (hit, stand, double, split). */
  decide: 'decide',
  /** Blackjack: take or decline insurance. */
  insurance: 'insurance',
  /** RNG baccarat: deal the player's round. */
  deal: 'deal',
  /** RNG baccarat: take back the round's stakes before the deal. */
  clear: 'clear',
  /** RNG baccarat: place the last round's stakes again. */
  repeat: 'repeat',
  /** RNG baccarat: repeat and deal. */
  repeatDeal: 'repeatDeal',
  /** RNG baccarat: the player's seed of the provably fair deal. */
  setClientSeed: 'setClientSeed',
} as const;

export type PlayerCommandName = (typeof PLAYER_COMMANDS)[keyof typeof PLAYER_COMMANDS];

/** Messages of every table; `round:opened` and `round:result` carry each game's own payload. */
export const TABLE_MESSAGES = {
  roundOpened: 'round:opened',
  roundClosed: 'round:closed',
  roundResult: 'round:result',
  roundVoided: 'round:voided',
  roundCardRetracted: 'round:cardRetracted',
  roundRescan: 'round:rescan',
  /** To the player: the ledger settled their bets of the round. */
  roundSettled: 'round:settled',
  /** To the player: the ledger refunded their bets of a void round. */
  roundRefunded: 'round:refunded',
  /** To the player: their balance changed. */
  balance: 'balance',
  betAccepted: 'bet:accepted',
  betRejected: 'bet:rejected',
  betCancelled: 'bet:cancelled',
  betCancelRejected: 'bet:cancelRejected',
  shoeNew: 'shoe:new',
  shoeBurn: 'shoe:burn',
  shoeLastRound: 'shoe:lastRound',
  shoeEndRequested: 'shoe:endRequested',
  shoeFinished: 'shoe:finished',
  shoeRevealed: 'shoe:revealed',
  /** The table paused for a dependency, or no longer is. */
  tableStatus: 'table:status',
  /** To one socket before it is closed: its token expired. */
  sessionExpired: 'session:expired',
  /** To one socket before it is closed: the ledger revoked its launch session. */
  sessionRevoked: 'session:revoked',
} as const;

export interface TableRef {
  tableId: string;
}

export interface RoundRef extends TableRef {
  roundId: string;
}

export type RoundClosed = RoundRef;

export interface RoundVoided extends RoundRef {
  reason: string;
  message?: string;
}

/** A bet as its player sees it (table-kit's `betView`); `bet` is the game's bet spec. */
export interface BetView {
  ref: string;
  status: string;
  stake: string;
  bet: unknown;
  betId?: string;
  code?: string;
  message?: string;
  group?: string;
  cancelling?: true;
}

/** `bet:accepted` / `bet:rejected`: the ledger decided the bet; `late` when its round had moved on. */
export interface BetDecided extends RoundRef, Partial<BetView> {
  balance?: string;
  late?: true;
}

export interface BetCancelled extends RoundRef, Partial<BetView> {
  balance?: string;
  late?: true;
}

export interface BetCancelRejected extends RoundRef {
  ref?: string;
  betId?: string;
  code: string;
  message?: string;
  late?: true;
}

export interface RoundSettled extends RoundRef {
  /** A large round is settled in several messages: which (index from 0) of how many. */
  part?: { index: number; count: number };
  bets: { betId: string; stake: string; returned: string; outcome: string }[];
  totalStaked: string;
  totalReturned: string;
  net: string;
}

export interface RoundRefunded extends RoundRef {
  reason: string;
  bets: { betId: string; stake: string }[];
  totalRefunded: string;
}

export interface BalanceChanged {
  balance: string;
  delta: string;
  reason: string;
  currency: string;
  tableId?: string;
  roundId?: string;
}

/** A shoe's commitment: the hash of its order, published before its first card. */
export interface ShoeCommitment {
  algorithm: 'sha256';
  decks: number;
  cardCount: number;
  /** Lowercase hex SHA-256 of the shoe's order and salt. */
  hash: string;
}

export interface ShoeNew extends TableRef {
  shoeId: string;
  commitment?: ShoeCommitment;
}

export interface ShoeBurn extends TableRef {
  shoeId: string;
  shown: string;
  burned: number;
}

export interface ShoeRef extends TableRef {
  shoeId: string;
}

export interface ShoeFinished extends TableRef {
  shoeId: string;
  rounds: number;
}

/** The finished shoe's order and seed, to check against its commitment. */
export interface ShoeRevealed extends TableRef {
  shoeId: string;
  commitment: ShoeCommitment;
  reveal: unknown;
  rounds: number;
}

export interface TableStatus extends TableRef {
  status: 'running' | 'paused';
  /** database, kafka, ledger, … */
  pausedFor: string[];
  pausedSince?: number;
  message?: string;
}

export interface SessionExpired {
  message: string;
  /** The token's expiry (seconds since the epoch). */
  exp: number;
}

export interface SessionRevoked {
  reason: string;
  message: string;
}

export interface RoundCardRetracted extends RoundRef {
  /** Baccarat: the position of the card taken back. */
  index?: number;
  /** Blackjack: the card taken back. */
  card?: string;
}

export interface RoundRescan extends RoundRef {
  /** Baccarat: the hand the next card goes to. */
  next?: string;
}

/** The payloads of the messages every table sends (game-specific ones in each game's module). */
export interface CommonTablePayloads {
  'round:closed': RoundClosed;
  'round:voided': RoundVoided;
  'round:cardRetracted': RoundCardRetracted;
  'round:rescan': RoundRescan;
  'round:settled': RoundSettled;
  'round:refunded': RoundRefunded;
  balance: BalanceChanged;
  'bet:accepted': BetDecided;
  'bet:rejected': BetDecided;
  'bet:cancelled': BetCancelled;
  'bet:cancelRejected': BetCancelRejected;
  'shoe:new': ShoeNew;
  'shoe:burn': ShoeBurn;
  'shoe:lastRound': ShoeRef;
  'shoe:endRequested': ShoeRef;
  'shoe:finished': ShoeFinished;
  'shoe:revealed': ShoeRevealed;
  'table:status': TableStatus;
  'session:expired': SessionExpired;
  'session:revoked': SessionRevoked;
}
