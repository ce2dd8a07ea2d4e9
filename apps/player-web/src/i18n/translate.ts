import type { TFunction } from 'i18next';

/** A translation function as the client's view helpers take it: a key and its interpolation values. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** i18next's overloaded `t` as a plain Translate (i18next 27's TFunction does not match it directly). */
export function plainTranslate(t: TFunction): Translate {
  return (key, options) => t(key, options ?? {});
}
