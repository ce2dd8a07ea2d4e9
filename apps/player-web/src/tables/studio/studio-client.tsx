import { useTranslation } from 'react-i18next';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import type { GameClient } from '../../games/game-client';
import { plainTranslate } from '../../i18n/translate';
import { StudioRoundResult } from '../../history/StudioRoundResult';
import { betOfSpec, studioSpots } from './studio-games';
import { betLabel, layoutLine } from './studio-parts';
import { ensureStudioStrings } from './studio-strings';
import { StudioTilePreview } from './studio-history';
import { StudioTable } from './StudioTable';

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
    ResultView: ({ result, t }) => <StudioRoundResult game={game} result={result} t={t} />,
  };
}

export const dragonTigerClient = studioClient('dragonTiger');
export const footballStudioClient = studioClient('footballStudio');
export const sicBoClient = studioClient('sicBo');
export const fanTanClient = studioClient('fanTan');
