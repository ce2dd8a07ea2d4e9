import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { houseEdgeText } from '../rules/blackjack-rules';
import { useApp } from '../context/app-context';
import { formatMoney } from '@packages/wallet/src/money-display';
import type { Game } from '../launch/launch';
import type { LobbyState, LobbyTable } from '../net/use-lobby';
import { PlayingCard } from '../ui/playing-card';
import { useSecondsLeft } from '../ui/countdown';
import { MiniBigRoad } from '../tables/baccarat/roads-view';
import { pocketClass } from '../tables/roulette/pocket';

type LimitFilter = 'all' | 'low' | 'high';
const GAME_ORDER: Record<string, number> = { baccarat: 0, roulette: 1, blackjack: 2 };

/** A stable order: baccarat, roulette, blackjack, each by table id. */
function byGameThenId(a: LobbyTable, b: LobbyTable): number {
  return (GAME_ORDER[a.game] ?? 9) - (GAME_ORDER[b.game] ?? 9) || a.tableId.localeCompare(b.tableId);
}
/** Tables whose minimum is at most this (minor units) are "low limits". */
const LOW_LIMIT_MAX = 500n;

export function LobbyPage({ lobby, onOpen }: { lobby: LobbyState; onOpen: (table: LobbyTable) => void }) {
  const { t } = useTranslation();
  const { locale, launch } = useApp();
  const [game, setGame] = useState<Game | 'all'>(launch.game ?? 'all');
  const [limits, setLimits] = useState<LimitFilter>('all');
  const shown = useMemo(
    () =>
      [...lobby.tables].sort(byGameThenId).filter((x) => {
        if (game !== 'all' && x.game !== game) return false;
        const min = BigInt(x.limits.min);
        if (limits === 'low' && min > LOW_LIMIT_MAX) return false;
        if (limits === 'high' && min <= LOW_LIMIT_MAX) return false;
        return true;
      }),
    [lobby.tables, game, limits],
  );
  const lowText = formatMoney(String(LOW_LIMIT_MAX), launch.currency, locale, true);
  return (
    <div className="lobby" data-testid="lobby">
      <div className="lobby__filters">
        <div className="tabs" role="tablist">
          {(['all', 'baccarat', 'roulette', 'blackjack'] as const).map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              aria-selected={game === g}
              className={`tab${game === g ? ' tab--active' : ''}`}
              onClick={() => setGame(g)}
              data-filter-game={g}
            >
              {g === 'all' ? t('lobby.allGames') : t(`games.${g}`)}
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
  const { locale } = useApp();
  const seconds = useSecondsLeft(table.closesAt);
  const variant =
    table.game === 'blackjack'
      ? // A table departing from the operators' rules shows its variant name and its own house edge.
        [
          table.rulesVariant,
          t('variants.bj', { pays: table.variant }),
          table.houseEdge !== null && table.houseEdge !== undefined
            ? t('lobby.houseEdge', { edge: houseEdgeText(table.houseEdge, locale) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : t(`variants.${table.variant}`);
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
          <span className="tile__game">{t(`games.${table.game}`)}</span>
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
          {table.game === 'baccarat' && !rng ? <MiniBigRoad results={table.baccaratResults} /> : null}
          {table.game === 'roulette' ? (
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
          ) : null}
          {table.game === 'blackjack' ? (
            <div className="bj-mini">
              <div className="bj-mini__seats">
                {[1, 2, 3, 4, 5, 6, 7].map((n) => (
                  <span
                    key={n}
                    className={`seat-dot${table.seats.some((s) => s.seat === n) ? ' seat-dot--taken' : ''}`}
                  />
                ))}
              </div>
              <span className="bj-mini__text">{t('lobby.seats', { count: table.seats.length })}</span>
              {table.dealerUpCard ? (
                <span className="bj-mini__up">
                  {t('lobby.upCard')} <PlayingCard card={table.dealerUpCard} small />
                </span>
              ) : null}
            </div>
          ) : null}
          {rng ? <div className="tile__rng">{t('lobby.singlePlayer')}</div> : null}
        </div>
      </div>
      <div className="tile__footer">
        <div>
          <div className="tile__name">{table.name}</div>
          <div className="tile__meta">
            {table.dealerName
              ? t('lobby.dealer', { name: table.dealerName })
              : rng
                ? t('variants.rng')
                : t('lobby.automatic')}
            {' · '}
            {formatMoney(table.limits.min, table.currency, locale, true)}–
            {formatMoney(table.limits.max, table.currency, locale, true)}
            {table.players !== null && !rng ? (
              <>
                {' · '}
                <span className="tile__players">{t('lobby.players', { count: table.players })}</span>
              </>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          className="btn btn--gold"
          onClick={onOpen}
          disabled={!table.online}
          data-open={table.tableId}
        >
          {t('lobby.play')}
        </button>
      </div>
    </article>
  );
}
