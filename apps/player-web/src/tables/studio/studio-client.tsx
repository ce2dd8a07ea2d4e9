import { gameDefinition } from '@casino/games';
import { useTranslation } from 'react-i18next';
import { PlayingCard } from '@casino/web-kit';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import type { GameClient } from '../../games/game-client';
import { plainTranslate } from '../../i18n/translate';
import { betOfSpec, resultKind, studioSpots } from './studio-games';
import { betLabel, Die, layoutLine } from './studio-parts';
import { ensureStudioStrings } from './studio-strings';
import { StudioTilePreview } from './studio-history';
import { StudioTable } from './StudioTable';

/** The winner of a recorded two-card round, by its definition's draw (`first`, `second`, `tie`). */
function duelWinner(game: StudioGameId, cards: readonly string[]): string | null {
  const draw = gameDefinition(game).automaticDraw;
  if (draw.kind !== 'shoe' || cards.length !== 2) return null;
  try {
    return (draw.outcome as (r: { cards: readonly string[] }) => string)({ cards });
  } catch {
    return null;
  }
}

/**
 * A studio game on this client: the one studio table view, its tile's preview of the table's results (the lobby
 * row's), its history's bet names and results.
 */
function studioClient<G extends StudioGameId>(game: G): GameClient<G> {
  return {
    game,
    TableView: ({ table, token }) => <StudioTable table={table} token={token} game={game} />,
    tileVariant: (_table, t) => {
      ensureStudioStrings();
      return layoutLine(studioSpots(game), plainTranslate(t));
    },
    TilePreview: ({ table }) => {
      const { t } = useTranslation();
      ensureStudioStrings();
      return <StudioTilePreview game={game} results={table.studioResults ?? []} t={plainTranslate(t)} />;
    },
    betName: (t, bet) => {
      ensureStudioStrings();
      const fields = betOfSpec(bet) ?? bet;
      return betLabel(t, fields);
    },
    ResultView: ({ result, t }) => {
      ensureStudioStrings();
      const kind = resultKind(game);
      const cards = Array.isArray(result.cards)
        ? result.cards.filter((c): c is string => typeof c === 'string')
        : [];
      const dice = Array.isArray(result.dice)
        ? result.dice.filter((d): d is number => typeof d === 'number')
        : [];
      if (kind === 'cards') {
        const winner = duelWinner(game, cards);
        return (
          <div className="rh-result-row" data-testid="round-cards" data-winner={winner ?? undefined}>
            <div className="rh-cards">
              {cards.map((c, i) => (
                <PlayingCard key={i} card={c} small />
              ))}
            </div>
          </div>
        );
      }
      if (kind === 'dice')
        return (
          <div className="rh-result-row" data-testid="round-dice">
            {dice.map((d, i) => (
              <Die key={i} face={d} size="small" />
            ))}
          </div>
        );
      return typeof result.count === 'number' ? (
        <div className="rh-result-row" data-testid="round-beads">
          <span className="rh-label">{t('studio.result.beads', { count: result.count })}</span>
          <b>{t('studio.result.left', { result: result.result })}</b>
        </div>
      ) : null;
    },
  };
}

export const dragonTigerClient = studioClient('dragonTiger');
export const footballStudioClient = studioClient('footballStudio');
export const sicBoClient = studioClient('sicBo');
export const fanTanClient = studioClient('fanTan');
