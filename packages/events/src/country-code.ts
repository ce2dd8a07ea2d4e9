// ISO 3166-1 leaves these to users or reserves them (ICU still names some: AC, EU, IC, UN, XK…): not countries.
const NOT_COUNTRIES = /^(AA|AC|CP|CQ|DG|EA|EU|EZ|IC|TA|UN|Q[M-Z]|X[A-Z]|ZZ)$/;
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * An assigned ISO 3166-1 alpha-2 code, upper case: ICU names it (a name equal to the code means unknown) under its
 * own code (UK is an alias of GB, not a code of its own). The launch's `country`, the player token's `country` and
 * the settings keyed by country (the ledger's LEDGER_JURISDICTIONS, RNG_IDLE_MINUTES_BY_COUNTRY) all check it.
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.test(code)) return false;
  try {
    return regions.of(code) !== code && new Intl.Locale(`und-${code}`).maximize().region === code;
  } catch {
    return false;
  }
}
