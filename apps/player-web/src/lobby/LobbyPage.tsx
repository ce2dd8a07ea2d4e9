import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../context/app-context';
import { formatMoney } from '@packages/wallet/src/money-display';
import type { GameId } from '@casino/games';
import { gameClient, gameName, PLATFORM_GAMES } from '../games/clients';
import type { LobbyState, LobbyTable } from '../net/use-lobby';
import { lobbyLimitsFor } from '@packages/player-protocol/src/index';
import { useSecondsLeft } from '../ui/countdown';
import { HistoryButton } from '../history/HistoryButton';

type LimitFilter = 'all' | 'low' | 'high';
const gameOrder = (game: string): number => {
  const at = (PLATFORM_GAMES as readonly string[]).indexOf(game);
  return at < 0 ? PLATFORM_GAMES.length : at;
};

/** A stable order: the registry's games in its order, each by table id. */
function byGameThenId(a: LobbyTable, b: LobbyTable): number {
  return gameOrder(a.game) - gameOrder(b.game) || a.tableId.localeCompare(b.tableId);
}
/** Tables whose minimum is at most this (minor units) are "low limits". */
const LOW_LIMIT_MAX = 500n;

export function LobbyPage({ lobby, onOpen }: { lobby: LobbyState; onOpen: (table: LobbyTable) => void }) {
  const { t } = useTranslation();
  const { locale, launch } = useApp();
  const [game, setGame] = useState<GameId | 'all'>(launch.game ?? 'all');
  const [limits, setLimits] = useState<LimitFilter>('all');
  const shown = useMemo(
    () =>
      [...lobby.tables].sort(byGameThenId).filter((x) => {
        if (game !== 'all' && x.game !== game) return false;
        const min = BigInt(lobbyLimitsFor(x, launch.currency).limits.min);
        if (limits === 'low' && min > LOW_LIMIT_MAX) return false;
        if (limits === 'high' && min <= LOW_LIMIT_MAX) return false;
        return true;
      }),
    [lobby.tables, game, limits, launch.currency],
  );
  const lowText = formatMoney(String(LOW_LIMIT_MAX), launch.currency, locale, true);
  // A tab for each registered game with a table in the lobby (a game without a live service has none).
  const games = PLATFORM_GAMES.filter((g) => g === game || lobby.tables.some((x) => x.game === g));
  return (
    <div className="lobby" data-testid="lobby">
      <div className="lobby__filters">
        <div className="tabs" role="tablist">
          {(['all', ...games] as const).map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={game === g}
              className={`tab${game === g ? ' tab--active' : ''}`}
              onClick={() => setGame(g)}
              data-filter-game={g}
            >
              {g === 'all' ? t('lobby.allGames') : gameName(t, g)}
            </button>
          ))}
        </div>
        <div className="tabs tabs--small" role="tablist">
          {(['all', 'low', 'high'] as const).map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={limits === l}
              className={`tab${limits === l ? ' tab--active' : ''}`}
              onClick={() => setLimits(l)}
              data-filter-limits={l}
            >
              {l === 'all'
                ? t('lobby.allLimits')
                : l === 'low'
                  ? t('lobby.lowLimits', { amount: lowText })
                  : t('lobby.highLimits', { amount: lowText })}
            </button>
          ))}
        </div>
        <span className="lobby__count">{t('lobby.tableCount', { count: shown.length })}</span>
        <HistoryButton />
      </div>
      {!lobby.loaded ? <div className="notice">{t('lobby.loading')}</div> : null}
      {lobby.loaded && shown.length === 0 ? <div className="notice">{t('lobby.empty')}</div> : null}
      <div className="lobby__grid">
        {shown.map((table) => (
          <TableTile key={table.tableId} table={table} onOpen={() => onOpen(table)} />
        ))}
      </div>
    </div>
  );
}

function TableTile({ table, onOpen }: { table: LobbyTable; onOpen: () => void }) {
  const { t } = useTranslation();
  const { locale, launch } = useApp();
  // The player's own currency's limits where the table takes it with its own (docs/ledger.md#currencies-per-table).
  const shown = lobbyLimitsFor(table, launch.currency);
  const seconds = useSecondsLeft(table.closesAt);
  const client = gameClient(table.game);
  const variant = client
    ? client.tileVariant(table, t, locale)
    : t('lobby.notAvailable', { game: gameName(t, table.game) });
  const Preview = client?.TilePreview ?? null;
  const phase = t(`phases.${table.phase}`, { defaultValue: table.phase });
  const rng = table.phase === 'single-player';
  return (
    <article
      className={`tile tile--${table.game}${table.online ? '' : ' tile--offline'}`}
      data-table={table.tableId}
      data-game={table.game}
    >
      <div className="tile__art">
        <div className="tile__header">
          <span className="tile__game">{gameName(t, table.game)}</span>
          <span className="tile__variant">{variant}</span>
        </div>
        <div className="tile__state">
          {table.online ? (
            <span className={`phase phase--${table.phase}`}>
              {phase}
              {seconds !== null && seconds > 0 ? <b className="phase__seconds">{seconds}</b> : null}
            </span>
          ) : (
            <span className="phase phase--offline">{t('lobby.offline')}</span>
          )}
        </div>
        <div className="tile__results">
          {Preview ? <Preview table={table} /> : null}
          {rng ? <div className="tile__rng">{t('lobby.singlePlayer')}</div> : null}
        </div>
      </div>
      <div className="tile__footer">
        <div>
          <div className="tile__name">{table.name}</div>
          {/* Each part isolated: a Latin dealer name and the limits keep their order in a right-to-left line. */}
          <div className="tile__meta">
            <bdi>
              {table.dealerName
                ? t('lobby.dealer', { name: table.dealerName })
                : rng
                  ? t('variants.rng')
                  : t('lobby.automatic')}
            </bdi>
            {' · '}
            <bdi>
              {formatMoney(shown.limits.min, shown.currency, locale, true)}–
              {formatMoney(shown.limits.max, shown.currency, locale, true)}
            </bdi>
            {table.players !== null && !rng ? (
              <>
                {' · '}
                <bdi className="tile__players">{t('lobby.players', { count: table.players })}</bdi>
              </>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          className="btn btn--gold"
          onClick={onOpen}
          disabled={!table.online || !client}
          data-open={table.tableId}
        >
          {t('lobby.play')}
        </button>
      </div>
    </article>
  );
}
