import { LANGUAGES } from '../../src/i18n/languages';
import { HISTORY_STRINGS } from '../../src/history/history-strings';

describe("the history's words", () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    const keys = Object.keys(HISTORY_STRINGS.en).sort();
    for (const language of LANGUAGES) {
      const words = HISTORY_STRINGS[language];
      expect(Object.keys(words).sort()).toEqual(keys);
      for (const key of keys) {
        expect(words[key].trim()).not.toBe('');
        expect(words[key].match(/{{\w+}}/g) ?? []).toEqual(HISTORY_STRINGS.en[key].match(/{{\w+}}/g) ?? []);
      }
    }
  });
});
