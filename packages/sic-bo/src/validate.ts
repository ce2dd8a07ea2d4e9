import { DieFace, MAX_TOTAL_BET, MIN_TOTAL_BET, SIC_BO_BET_TYPES, SicBoBet } from './bet';

export type SicBoBetCheck = { ok: true; bet: SicBoBet } | { ok: false; message: string };

const isFace = (n: unknown): n is DieFace => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/**
 * Whether a bet description is a Sic Bo bet, with the reason when not: a total 4..17, a face 1..6, two different
 * faces for a combination, no field a bet type does not have.
 */
export function validateSicBoBet(input: unknown): SicBoBetCheck {
  if (typeof input !== 'object' || input === null) return { ok: false, message: 'a bet must be an object' };
  const bet = input as Record<string, unknown>;
  const type = bet.type;
  if (typeof type !== 'string' || !(SIC_BO_BET_TYPES as readonly string[]).includes(type)) {
    return { ok: false, message: `unknown Sic Bo bet type ${JSON.stringify(type)}` };
  }
  const fields = Object.keys(bet).filter((k) => k !== 'type');
  const only = (...allowed: string[]) => {
    const extra = fields.filter((f) => !allowed.includes(f));
    return extra.length === 0 ? null : `the ${type} bet has no ${extra.join(', ')}`;
  };
  const fail = (message: string): SicBoBetCheck => ({ ok: false, message });
  switch (type) {
    case 'small':
    case 'big':
    case 'odd':
    case 'even':
    case 'anyTriple': {
      const extra = only();
      return extra ? fail(extra) : { ok: true, bet: { type } };
    }
    case 'total': {
      const extra = only('total');
      if (extra) return fail(extra);
      const total = bet.total;
      if (
        !Number.isInteger(total) ||
        (total as number) < MIN_TOTAL_BET ||
        (total as number) > MAX_TOTAL_BET
      ) {
        return fail(
          `a total bet names a total from ${MIN_TOTAL_BET} to ${MAX_TOTAL_BET}, got ${String(total)}`,
        );
      }
      return { ok: true, bet: { type, total: total as number } };
    }
    case 'double':
    case 'triple':
    case 'single': {
      const extra = only('number');
      if (extra) return fail(extra);
      if (!isFace(bet.number))
        return fail(`a ${type} bet names a face from 1 to 6, got ${String(bet.number)}`);
      return { ok: true, bet: { type, number: bet.number } };
    }
    case 'combination': {
      const extra = only('numbers');
      if (extra) return fail(extra);
      const numbers = bet.numbers;
      if (!Array.isArray(numbers) || numbers.length !== 2 || !numbers.every(isFace)) {
        return fail('a combination bet names two faces from 1 to 6');
      }
      if (numbers[0] === numbers[1]) return fail('a combination bet names two different faces');
      return { ok: true, bet: { type, numbers: [numbers[0], numbers[1]] } };
    }
  }
  return fail(`unknown Sic Bo bet type ${type}`);
}
