import { createInstance } from 'i18next';
import { localeNumbers } from '../../src/i18n/i18n';

// Numbers put into translations are written in the player's digits; strings (money already formatted, names) pass
// through as they are.

describe("numbers in translations are the language's", () => {
  const translator = async (lng: string) => {
    const i18n = createInstance();
    await i18n.use(localeNumbers).init({
      lng,
      resources: {
        [lng]: {
          translation: { tables: '{{count}} tables', dealer: 'dealer {{name}}', round: 'Round {{n}}' },
        },
      },
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
    return (key: string, options: Record<string, unknown>): string => i18n.t(key, options);
  };

  it('Persian and Bengali digits, Latin ones in English, without grouping', async () => {
    expect((await translator('fa'))('tables', { count: 5 })).toBe('۵ tables');
    expect((await translator('bn'))('round', { n: 1234 })).toBe('Round ১২৩৪');
    expect((await translator('en'))('round', { n: 1234 })).toBe('Round 1234');
  });

  it('leaves strings alone: names and formatted amounts', async () => {
    expect((await translator('fa'))('dealer', { name: 'Elena 2' })).toBe('dealer Elena 2');
  });
});
