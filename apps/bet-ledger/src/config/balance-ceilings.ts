import { z } from 'zod';

/**
 * The most a player wallet may hold, per currency, in minor units (docs/ledger.md#balance-ceiling): far below
 * 2^63 − 1, so that a balance plus any payout the ledger accepted a bet for always fits the 64-bit columns.
 */
export const DEFAULT_BALANCE_CEILING = 1_000_000_000_000_000n;
/** A ceiling this high would leave no room for a payout on top: 2^62. */
export const MAX_BALANCE_CEILING = 4_611_686_018_427_387_904n;

const ceiling = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, 'a positive integer of minor units')
  .transform((v) => BigInt(v))
  .refine((v) => v <= MAX_BALANCE_CEILING, `at most ${MAX_BALANCE_CEILING} (2^62)`);

/** LEDGER_BALANCE_CEILING: every currency's ceiling unless LEDGER_BALANCE_CEILINGS names it. */
export const balanceCeilingSchema = ceiling.default(DEFAULT_BALANCE_CEILING);

/** LEDGER_BALANCE_CEILINGS: `EUR=100000000000,JPY=10000000000000` (ISO 4217 codes, each once). */
export const balanceCeilingsSchema = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const out = new Map<string, bigint>();
    for (const part of text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [currency, value, ...rest] = part.split('=');
      const parsed = ceiling.safeParse(value ?? '');
      if (!/^[A-Z]{3}$/.test(currency ?? '') || rest.length > 0 || !parsed.success || out.has(currency)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part}": CUR=<minor units> with an ISO 4217 code named once, at most ${MAX_BALANCE_CEILING}`,
        });
        return z.NEVER;
      }
      out.set(currency, parsed.data);
    }
    return out as ReadonlyMap<string, bigint>;
  });

/** The ceilings the ledger enforces, from its configuration. */
export class BalanceCeilings {
  constructor(
    private readonly fallback: bigint = DEFAULT_BALANCE_CEILING,
    private readonly perCurrency: ReadonlyMap<string, bigint> = new Map(),
  ) {}

  of(currency: string): bigint {
    return this.perCurrency.get(currency) ?? this.fallback;
  }
}

/**
 * The ceilings of this process: set at boot from the configuration (LedgerRuntime, the Nest module), read where a
 * wallet can grow (deposits, bet decisions). Until then, the defaults.
 */
export const balanceCeilings = {
  current: new BalanceCeilings(),
  configure(config: {
    LEDGER_BALANCE_CEILING: bigint;
    LEDGER_BALANCE_CEILINGS: ReadonlyMap<string, bigint>;
  }) {
    this.current = new BalanceCeilings(config.LEDGER_BALANCE_CEILING, config.LEDGER_BALANCE_CEILINGS);
  },
  of(currency: string): bigint {
    return this.current.of(currency);
  },
};
