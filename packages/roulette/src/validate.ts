import {
  type ColumnOrDozen,
  INSIDE_BET_SIZE,
  type InsideBetType,
  isInsideBetType,
  isRouletteBetType,
  type RouletteBet,
} from './bet';
import { ROULETTE_ERROR_MESSAGES, type RouletteBetErrorCode } from './errors';
import { isInsideShape } from './shapes';
import { winningNumbers } from './winning';

export type BetValidation =
  | { ok: true; bet: RouletteBet; numbers: readonly number[] }
  | { ok: false; code: RouletteBetErrorCode; message: string };

const SHAPE_NAMES: Record<InsideBetType, string> = {
  straight: 'a single number',
  split: 'two adjacent numbers',
  street: 'one row of three (or the trio 0-1-2 / 0-2-3)',
  corner: 'four numbers meeting at a corner (or 0-1-2-3)',
  sixLine: 'two adjacent rows',
};

function reject(code: RouletteBetErrorCode, message: string): BetValidation {
  return { ok: false, code, message };
}

function accept(bet: RouletteBet): BetValidation {
  return { ok: true, bet: Object.freeze(bet), numbers: Object.freeze(winningNumbers(bet)) };
}

function isColumnOrDozen(value: unknown): value is ColumnOrDozen {
  return value === 1 || value === 2 || value === 3;
}

function validateInside(type: InsideBetType, numbers: unknown): BetValidation {
  if (!Array.isArray(numbers)) return reject('INVALID_NUMBERS', `${type} bet needs a numbers array`);
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n > 36) {
      return reject(
        'INVALID_NUMBERS',
        `${type} bet has ${JSON.stringify(n)}, numbers must be integers 0..36`,
      );
    }
  }
  const sorted = (numbers as number[]).slice().sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) return reject('INVALID_NUMBERS', `${type} bet repeats ${sorted[i]}`);
  }
  if (sorted.length !== INSIDE_BET_SIZE[type] || !isInsideShape(type, sorted)) {
    return reject('INVALID_SHAPE', `${type} must be ${SHAPE_NAMES[type]}; [${sorted.join(', ')}] is not`);
  }
  return accept({ type, numbers: Object.freeze(sorted) });
}

/**
 * Checks an untrusted bet description (e.g. from a WebSocket message) and returns a fresh, frozen, normalised
 * bet (settlement caches each bet's mask, so bets must not change):
 * inside-bet numbers ascending, fields other than the bet's own dropped. Inside-bet numbers are
 * order-insensitive but must form exactly the named shape on the layout.
 */
export function validateBet(input: unknown): BetValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return reject('INVALID_BET', ROULETTE_ERROR_MESSAGES.INVALID_BET);
  }
  const spec = input as Record<string, unknown>;
  const type = spec.type;
  if (!isRouletteBetType(type)) return reject('UNKNOWN_BET_TYPE', `unknown bet type ${JSON.stringify(type)}`);
  if (isInsideBetType(type)) return validateInside(type, spec.numbers);
  switch (type) {
    case 'column':
      if (!isColumnOrDozen(spec.column))
        return reject('INVALID_COLUMN', ROULETTE_ERROR_MESSAGES.INVALID_COLUMN);
      return accept({ type, column: spec.column });
    case 'dozen':
      if (!isColumnOrDozen(spec.dozen)) return reject('INVALID_DOZEN', ROULETTE_ERROR_MESSAGES.INVALID_DOZEN);
      return accept({ type, dozen: spec.dozen });
    default:
      return accept({ type });
  }
}
