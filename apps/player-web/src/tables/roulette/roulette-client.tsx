import type { GameClient } from '../../games/game-client';
import { pocketClass } from './pocket';
import { RouletteTable } from './RouletteTable';

/** European roulette on this client. */
export const rouletteClient: GameClient<'roulette'> = {
  game: 'roulette',
  TableView: RouletteTable,
  tileVariant: (table, t) => t(`variants.${table.variant}`),
  TilePreview: ({ table }) => (
    <div className="pocket-strip">
      {table.rouletteResults
        .slice(-12)
        .reverse()
        .map((r, i) => (
          <span
            key={r.roundId}
            className={`pocket ${pocketClass(r.pocket)}${i === 0 ? ' pocket--latest' : ''}`}
          >
            {r.pocket}
          </span>
        ))}
    </div>
  ),
  betName: (t, bet) => {
    const spec = (bet.spec ?? {}) as Record<string, unknown>;
    const type = String(spec.type);
    const name = t(`roulette.${type}`, { defaultValue: t(`rules.${type}`, { defaultValue: type }) });
    const numbers = Array.isArray(spec.numbers) ? spec.numbers.join('·') : (spec.number ?? spec.index ?? '');
    return numbers === '' ? name : `${name} ${String(numbers)}`;
  },
  ResultView: ({ result, t }) =>
    typeof result.pocket === 'number' ? (
      <div className="rh-result-row">
        <span className="rh-label">{t('history.pocket')}</span>
        <span className={`rh-pocket ${pocketClass(result.pocket)}`} data-testid="round-pocket">
          {result.pocket}
        </span>
      </div>
    ) : null,
};
