import { isCountryCode, recordOf } from '@casino/events';
import { z } from 'zod';

/** The longest reality-check interval, in minutes (a day): a launch's realityCheckMinutes and a country's. */
export const MAX_REALITY_CHECK_MINUTES = 1440;

/** What a jurisdiction requires of a launch (docs/operator-integration.md#launch-options). */
export interface Jurisdiction {
  /** The reality-check interval, as a launch's realityCheckMinutes (whole minutes 1–1440). */
  realityCheckMinutes: number;
}

const jurisdictionSchema = z
  .object({ realityCheckMinutes: z.number().int().min(1).max(MAX_REALITY_CHECK_MINUTES) })
  .strict();

const byCountrySchema = recordOf(
  z.string().refine(isCountryCode, 'not an assigned ISO 3166-1 alpha-2 country code (upper case, GB not UK)'),
  jurisdictionSchema,
);

/**
 * LEDGER_JURISDICTIONS: the rules of each player's country, as JSON `{"GB": {"realityCheckMinutes": 60}}`; unset or
 * empty, none. The platform ships no legal values: the operator of the platform sets those of its licences. A typo
 * (an unknown field, a lower-case or unassigned code, a value out of range) stops the boot rather than launching
 * players without their country's reality check.
 */
export const jurisdictionsSchema = z
  .string()
  .optional()
  .transform((text, ctx): ReadonlyMap<string, Jurisdiction> => {
    if (text === undefined || text.trim() === '') return new Map();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'not JSON: expected {"<country>": {"realityCheckMinutes": <1-1440>}, …}',
      });
      return z.NEVER;
    }
    const parsed = byCountrySchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path });
      return z.NEVER;
    }
    return new Map(Object.entries(parsed.data));
  });

/**
 * The reality-check interval of a launch: the operator's explicit realityCheckMinutes wins, else the one set for the
 * player's country, else none.
 */
export function realityCheckMinutesOf(
  jurisdictions: ReadonlyMap<string, Jurisdiction>,
  launch: { realityCheckMinutes?: number; country?: string },
): number | undefined {
  if (launch.realityCheckMinutes !== undefined) return launch.realityCheckMinutes;
  return launch.country === undefined ? undefined : jurisdictions.get(launch.country)?.realityCheckMinutes;
}
