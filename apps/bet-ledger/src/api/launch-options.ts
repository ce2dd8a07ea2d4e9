import { isCountryCode } from '@casino/events';
import { z } from 'zod';
import { MAX_REALITY_CHECK_MINUTES } from '../config/jurisdictions';
import { LedgerError, LedgerErrorCode } from '../errors/ledger.errors';

/** The longest lobby or cashier URL a launch takes (it travels in the launch URL's query). */
export const MAX_LAUNCH_URL_LENGTH = 2048;

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

/**
 * An absolute http(s) URL without credentials: where the player client sends the player back (lobby) or to deposit
 * (cashier). Anything else (javascript:, data:, relative) could run in the player's page or phish.
 */
export const launchUrlSchema = z
  .string()
  .max(MAX_LAUNCH_URL_LENGTH)
  .refine((text) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return false;
    }
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  }, 'an absolute http or https URL without user or password')
  .describe('absolute http(s) URL; with the operator having allowed origins, on one of them');

// The check lives beside the player token, whose `country` claim it validates too.
export { isCountryCode };

/** ISO 3166-1 alpha-2, upper case, an assigned code. */
export const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code such as DE')
  .refine(isCountryCode, 'not an assigned ISO 3166-1 country code')
  .describe('ISO 3166-1 alpha-2 country of the player, e.g. DE');

export const deviceSchema = z.enum(DEVICES).describe("the player's device");

export { MAX_REALITY_CHECK_MINUTES };

export const realityCheckSchema = z
  .number()
  .int()
  .min(1)
  .max(MAX_REALITY_CHECK_MINUTES)
  .describe(
    "minutes between reality checks that the player's jurisdiction requires (1–1440); absent: the interval the platform sets for the launch's country, if any",
  );

export const playerLimitsOptionSchema = z
  .boolean()
  .describe('whether the player may set their own loss, stake and session-time limits in the client');

export const LAUNCH_MODES = ['real', 'fun'] as const;

export const launchModeSchema = z
  .enum(LAUNCH_MODES)
  .describe(
    "real (default): real money; fun: play money from the platform's play-money book, never the operator's wallet",
  );

/** The code a launch option's refusal answers with. */
const OPTION_CODES: Readonly<Record<string, LedgerErrorCode>> = {
  mode: 'LAUNCH_MODE_INVALID',
  lobbyUrl: 'LAUNCH_URL_INVALID',
  cashierUrl: 'LAUNCH_URL_INVALID',
  country: 'COUNTRY_INVALID',
  device: 'DEVICE_INVALID',
  realityCheckMinutes: 'REALITY_CHECK_INVALID',
};

/** The launch body parsed with `schema`; a bad launch option is refused with its own code, the rest INVALID_REQUEST. */
export function parseLaunchBody<T>(schema: z.ZodType<T, unknown>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const option = issues.find((i) => typeof i.path[0] === 'string' && OPTION_CODES[i.path[0]]);
  if (option)
    throw new LedgerError(
      OPTION_CODES[option.path[0] as string],
      `${String(option.path[0])}: ${option.message}`,
    );
  throw new LedgerError(
    'INVALID_REQUEST',
    `invalid request: ${issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`,
  );
}
