import { useTranslation } from 'react-i18next';
import { gameClient, gameName } from '../games/clients';
import type { LobbyTable } from '../net/use-lobby';

/** The table's view for its game (the game's client module); a game without one here says so. */
export function TablePage({ table, token }: { table: LobbyTable; token: string }) {
  const { t } = useTranslation();
  const client = gameClient(table.game);
  if (!client) {
    return (
      <div className="notice" data-testid="game-not-available" data-game={table.game}>
        {t('lobby.notAvailable', { game: gameName(t, table.game) })}
      </div>
    );
  }
  return <client.TableView table={table} token={token} />;
}
