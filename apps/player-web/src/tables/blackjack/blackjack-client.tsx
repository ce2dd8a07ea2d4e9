import { useTranslation } from 'react-i18next';
import { houseEdgeText } from '../../rules/blackjack-rules';
import type { GameClient } from '../../games/game-client';
import { PlayingCard } from '@casino/web-kit';
import { BlackjackTable } from './BlackjackTable';
import { SEAT_COUNT } from '@casino/blackjack';
import type { LobbyTable } from '../../net/use-lobby';

/** Blackjack on this client: seven seats, the table's own rules. */
export const blackjackClient: GameClient<'blackjack'> = {
  game: 'blackjack',
  TableView: BlackjackTable,
  // A table departing from the operators' rules shows its variant name and its own house edge.
  tileVariant: (table, t, locale) =>
    [
      table.rulesVariant,
      t('variants.bj', { pays: table.variant }),
      table.houseEdge !== null && table.houseEdge !== undefined
        ? t('lobby.houseEdge', { edge: houseEdgeText(table.houseEdge, locale) })
        : null,
    ]
      .filter(Boolean)
      .join(' · '),
  TilePreview: BlackjackTilePreview,
  betName: (t, bet) =>
    `${t('history.seat', { seat: Number(bet.seat) + 1 })} · ${t(`history.bj.${String(bet.kind)}`)}`,
  ResultView: ({ result, t }) => {
    if (!Array.isArray(result.inputs)) return null;
    const cards = (result.inputs as { kind: string; card?: string }[]).filter((i) => i.kind === 'card');
    const seats = Array.isArray(result.seats) ? (result.seats as { seat: number; mine?: boolean }[]) : [];
    return (
      <div>
        <p className="rh-label">
          {seats
            .map(
              (s) =>
                `${t('history.seat', { seat: s.seat + 1 })}${s.mine ? ` (${t('history.yourSeat')})` : ''}`,
            )
            .join(', ')}
        </p>
        <p className="rh-label">{t('history.dealt')}</p>
        <div className="rh-cards rh-cards--wrap">
          {cards.map((c, i) => (
            <PlayingCard key={i} card={c.card ?? null} small />
          ))}
        </div>
      </div>
    );
  },
};

function BlackjackTilePreview({ table }: { table: LobbyTable }) {
  const { t } = useTranslation();
  return (
    <div className="bj-mini">
      <div className="bj-mini__seats">
        {Array.from({ length: SEAT_COUNT }, (_, i) => i + 1).map((n) => (
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
  );
}
