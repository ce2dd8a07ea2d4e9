// Roulette's table messages (besides the common ones in ./table).

export const ROULETTE_MESSAGES = {
  spinning: 'round:spinning',
  /** Fewer than three revolutions: the spin is repeated with the same bets. */
  noSpin: 'round:noSpin',
  wheelReady: 'table:wheelReady',
  closingAfterRound: 'table:closingAfterRound',
  tableClosed: 'table:closed',
} as const;

export interface RouletteRoundOpened {
  tableId: string;
  roundId: string;
  closesAt: number;
}

export interface RouletteRoundResult {
  tableId: string;
  roundId: string;
  pocket: number;
  colour: 'red' | 'black' | 'green';
  revolutions: number;
}

export interface RoulettePayloads {
  'round:opened': RouletteRoundOpened;
  'round:result': RouletteRoundResult;
  'round:spinning': { tableId: string; roundId: string };
  'round:noSpin': { tableId: string; roundId: string; revolutions: number };
  'table:wheelReady': { tableId: string; declaredBy: string };
  'table:closingAfterRound': { tableId: string };
  'table:closed': { tableId: string };
}
