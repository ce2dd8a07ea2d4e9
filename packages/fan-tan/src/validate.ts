import { FAN_TAN_BET_TYPES, FanTanBet, FanTanNumber, KWOK_PAIRS } from './bet';

export type FanTanBetCheck = { ok: true; bet: FanTanBet } | { ok: false; message: string };

const isNumber = (n: unknown): n is FanTanNumber =>
  Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 4;

/**
 * Whether a bet description is a Fan Tan bet, with the reason when not: numbers 1..4, a Nim's two numbers
 * different, a Kwok's two numbers adjacent (1-2, 2-3, 3-4, 4-1), no field a bet type does not have.
 */
export function validateFanTanBet(input: unknown): FanTanBetCheck {
  if (typeof input !== 'object' || input === null) return { ok: false, message: 'a bet must be an object' };
  const bet = input as Record<string, unknown>;
  const type = bet.type;
  if (typeof type !== 'string' || !(FAN_TAN_BET_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: `unknown Fan Tan bet type ${JSON.stringify(type)}` };
  }
  const fail = (message: string): FanTanBetCheck => ({ ok: false, message });
  const allowed: Record<string, string[]> = { fan: ['number'], nim: ['number', 'push'], kwok: ['numbers'] };
  const extra = Object.keys(bet).filter((k) => k !== 'type' && !(allowed[type] ?? []).includes(k));
  if (extra.length > 0) return fail(`the ${type} bet has no ${extra.join(', ')}`);
  switch (type) {
    case 'odd':
    case 'even':
      return { ok: true, bet: { type } };
    case 'fan':
      if (!isNumber(bet.number))
        return fail(`a fan bet names a number from 1 to 4, got ${String(bet.number)}`);
      return { ok: true, bet: { type, number: bet.number } };
    case 'nim':
      if (!isNumber(bet.number) || !isNumber(bet.push)) {
        return fail(
          `a nim bet names two numbers from 1 to 4, got ${String(bet.number)} and ${String(bet.push)}`,
        );
      }
      if (bet.number === bet.push) return fail('a nim bet names two different numbers');
      return { ok: true, bet: { type, number: bet.number, push: bet.push } };
    case 'kwok': {
      const numbers = bet.numbers;
      if (!Array.isArray(numbers) || numbers.length !== 2 || !numbers.every(isNumber)) {
        return fail('a kwok bet names two numbers from 1 to 4');
      }
      const [a, b] = numbers;
      if (!KWOK_PAIRS.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) {
        return fail(`a kwok bet names two adjacent numbers (1-2, 2-3, 3-4, 4-1), got ${a}-${b}`);
      }
      return { ok: true, bet: { type, numbers: [a, b] } };
    }
  }
  return fail(`unknown Fan Tan bet type ${type}`);
}
