// Blackjack's table messages (besides the common ones in ./table). Engine events are sent as `bj:<type>`.

export const BLACKJACK_MESSAGES = {
  dealing: 'bj:dealing',
  cardDue: 'bj:cardDue',
  card: 'bj:card',
  holeCard: 'bj:holeCard',
  insurance: 'bj:insurance',
  turn: 'bj:turn',
  result: 'bj:result',
  insuranceDecided: 'bj:insurance-decided',
  dealerPeeked: 'bj:dealer-peeked',
  actionTaken: 'bj:action-taken',
  handSplit: 'bj:hand-split',
  handDoubled: 'bj:hand-doubled',
  handFinished: 'bj:hand-finished',
  dealerFinished: 'bj:dealer-finished',
} as const;

/** The engine events the table relays as they are, named `bj:<type>` (packages/blackjack's BlackjackEvent). */
export const BLACKJACK_ENGINE_EVENTS = [
  'insurance-decided',
  'dealer-peeked',
  'action-taken',
  'hand-split',
  'hand-doubled',
  'hand-finished',
  'dealer-finished',
] as const;

export type BlackjackEngineEventType = (typeof BLACKJACK_ENGINE_EVENTS)[number];

/** The message name of a relayed engine event. */
export function blackjackEventMessage<T extends BlackjackEngineEventType>(type: T): `bj:${T}` {
  return `bj:${type}`;
}

interface Round {
  tableId: string;
  roundId: string;
}

export interface BlackjackRoundOpened extends Round {
  number: number;
  closesAt: number;
  shoeId: string;
}

export interface BlackjackSeatView {
  seat: number;
  name?: string;
  stake?: string;
}

export interface BlackjackResultSeat {
  seat: number;
  name?: string;
  totals: number[];
  returned: string;
  staked: string;
}

export interface BlackjackResult extends Round {
  dealer: { cards: string[]; total: number };
  seats: BlackjackResultSeat[];
  lastRound: boolean;
}

/** A relayed engine event: its fields as the engine has them (money as strings). */
export interface BlackjackEngineEvent extends Round {
  type: BlackjackEngineEventType;
  seat?: number;
  hand?: number;
  [field: string]: unknown;
}

export interface BlackjackPayloads {
  'round:opened': BlackjackRoundOpened;
  'bj:dealing': Round & { seats: BlackjackSeatView[] };
  'bj:cardDue': Round & { target: unknown };
  'bj:card': Round & { target: unknown; faceDown: boolean; card: string | null };
  'bj:holeCard': Round & { card: string };
  'bj:insurance': Round & { seats: BlackjackSeatView[]; deadline: number };
  'bj:turn': Round & { seat: number; hand: number; options: string[]; name?: string; deadline: number };
  'bj:result': BlackjackResult;
  'bj:insurance-decided': BlackjackEngineEvent;
  'bj:dealer-peeked': BlackjackEngineEvent;
  'bj:action-taken': BlackjackEngineEvent;
  'bj:hand-split': BlackjackEngineEvent;
  'bj:hand-doubled': BlackjackEngineEvent;
  'bj:hand-finished': BlackjackEngineEvent;
  'bj:dealer-finished': BlackjackEngineEvent;
}
