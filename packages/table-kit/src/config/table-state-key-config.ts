import { z } from 'zod';

/**
 * The key of the tables' saved state outside production. Public (it is in the source), so it hides nothing; it is
 * fixed rather than generated so that a development service with DATABASE_URL still resumes its tables after a
 * restart. NODE_ENV=production requires TABLE_STATE_KEY and refuses this one.
 */
export const DEVELOPMENT_TABLE_STATE_KEY = 'de7e1097e47de7e1097e47de7e1097e47de7e1097e47de7e1097e47de7e10970';

const hexKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
  .transform((k) => k.toLowerCase());

/** TABLE_STATE_KEY and TABLE_STATE_OLD_KEYS (part of every game service's environment, see commonEnvShape). */
export function tableStateKeyEnvShape() {
  return {
    /** Seals the tables' saved state (AES-256-GCM); unset: the development key (refused in production). */
    TABLE_STATE_KEY: hexKey.default(DEVELOPMENT_TABLE_STATE_KEY),
    /** Keys of earlier rotations, comma separated: they open old rows, never seal new ones. */
    TABLE_STATE_OLD_KEYS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k.length > 0),
      )
      .pipe(z.array(hexKey)),
  };
}

const isSet = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** Production's rules, which the fields alone cannot say. */
export function tableStateKeyProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const key = env.TABLE_STATE_KEY;
  if (!isSet(key)) return ['TABLE_STATE_KEY: required when NODE_ENV=production'];
  if (key.trim().toLowerCase() === DEVELOPMENT_TABLE_STATE_KEY)
    return ['TABLE_STATE_KEY: the development key is refused when NODE_ENV=production'];
  return [];
}
