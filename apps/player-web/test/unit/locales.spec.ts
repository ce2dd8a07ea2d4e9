import { LANGUAGES } from '../../src/i18n/languages';
import { bn } from '../../src/i18n/locales/bn';
import { en } from '../../src/i18n/locales/en';
import { fa } from '../../src/i18n/locales/fa';
import { hr } from '../../src/i18n/locales/hr';
import { pl } from '../../src/i18n/locales/pl';
import { tr } from '../../src/i18n/locales/tr';

const dictionaries: Record<string, object> = { en, tr, pl, fa, bn, hr };

/** Every leaf as path → value. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}

describe('translations', () => {
  it('has a dictionary for every language', () => {
    expect(Object.keys(dictionaries).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English text, none empty, same placeholders',
    (language) => {
      const theirs = new Map(leaves(dictionaries[language]));
      for (const [path, text] of leaves(en)) {
        const base = path.replace(/_(one|other)$/, '');
        const translated = theirs.get(path) ?? theirs.get(`${base}_other`);
        expect([path, typeof translated === 'string' || Array.isArray(translated)]).toEqual([path, true]);
        if (typeof text === 'string' && typeof translated === 'string') {
          expect(translated.trim()).not.toBe('');
          const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect([path, placeholders(translated)]).toEqual([path, placeholders(text)]);
        }
      }
    },
  );

  it.each(LANGUAGES)('%s has the table count in each of its plural forms', (language) => {
    const lobby = (dictionaries[language] as { lobby: Record<string, string> }).lobby;
    for (const category of new Intl.PluralRules(language).resolvedOptions().pluralCategories) {
      expect([category, typeof lobby[`tableCount_${category}`]]).toEqual([category, 'string']);
    }
  });
});
