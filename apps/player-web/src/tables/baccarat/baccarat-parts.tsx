import { handTotalOfCards, SIDE_BET_TYPES } from '@casino/baccarat';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../ui/chip';
import { PlayingCard } from '@casino/web-kit';
import { BACCARAT_BET_ORDER, BaccaratResultView, DealtCard, ExposedCardNotice } from './baccarat-state';
import { baccaratPayout } from '../../rules/baccarat-payouts';

/** The Player and Banker hands with their totals; the winner's side glows; cards exposed out of order are marked. */
export function BaccaratHands({
  cards,
  result,
  exposed = [],
}: {
  cards: DealtCard[];
  result: BaccaratResultView | null;
  exposed?: readonly number[];
}) {
  const { t } = useTranslation();
  const placed = cards.map((c, index) => ({ ...c, exposed: exposed.includes(index) }));
  const player = placed.filter((c) => c.target === 'player');
  const banker = placed.filter((c) => c.target === 'banker');
  const side = (which: 'player' | 'banker', dealt: typeof placed) => {
    const hand = dealt.map((c) => c.card);
    return (
      <div
        className={`hand hand--${which}${result && result.winner === which ? ' hand--won' : ''}`}
        data-hand={which}
      >
        <div className="hand__title">
          <span>{t(`bets.${which}`)}</span>
          <span className="hand__total" data-total={which}>
            {hand.length > 0 ? handTotalOfCards(hand) : ''}
          </span>
        </div>
        <div className="hand__cards">
          {dealt.map((c, i) =>
            c.exposed ? (
              <span
                key={`${c.card}${i}`}
                className="card-exposed"
                data-exposed-card={c.card}
                title={t('baccarat.exposedMark')}
              >
                <PlayingCard card={c.card} sideways={i === 2} />
              </span>
            ) : (
              <PlayingCard key={`${c.card}${i}`} card={c.card} sideways={i === 2} />
            ),
          )}
        </div>
      </div>
    );
  };
  return (
    <div className="hands">
      {side('player', player)}
      {side('banker', banker)}
    </div>
  );
}

const SUIT_SYMBOLS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** A card as a player reads it: "8D" → "8♦", "TS" → "10♠". */
function cardLabel(card: string): string {
  const rank = card[0] === 'T' ? '10' : card[0];
  return `${rank}${SUIT_SYMBOLS[card[1]] ?? ''}`;
}

/**
 * Cards the dealer exposed out of order, shown to every player the moment they are exposed: where each one is
 * dealt (this round, the next) or that no round deals it (after the shoe's last round).
 */
export function ExposedCardsNotice({ notices }: { notices: readonly ExposedCardNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div className="exposed-notice" data-testid="exposed-card" role="status">
      <div className="exposed-notice__title">{t('baccarat.exposedTitle')}</div>
      {notices.map((n, i) => {
        const values = {
          card: cardLabel(n.card),
          position: n.index + 1,
          side: n.target ? t(`bets.${n.target}`) : '',
        };
        const text =
          n.round === 'none'
            ? t('baccarat.exposedNone', values)
            : n.round === 'next'
              ? t('baccarat.exposedNext', values)
              : n.carried
                ? t('baccarat.exposedCarried', values)
                : t('baccarat.exposedThis', values);
        return (
          <div key={`${n.card}${i}`} className="exposed-notice__card" data-round={n.round} data-card={n.card}>
            <PlayingCard card={n.card} small />
            <span>
              {text}
              {n.noBetRound ? ` ${t('baccarat.exposedNoBet')}` : ''}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function ResultBanner({ result }: { result: BaccaratResultView | null }) {
  const { t } = useTranslation();
  if (!result) return null;
  const text =
    result.winner === 'tie'
      ? t('outcome.tie')
      : result.winner === 'player'
        ? t('outcome.playerWins')
        : t('outcome.bankerWins');
  return (
    <div
      className={`result-banner result-banner--${result.winner}`}
      data-testid="result"
      data-winner={result.winner}
    >
      {text}
      <span className="result-banner__score">
        {result.playerTotal} : {result.bankerTotal}
      </span>
    </div>
  );
}

export interface SpotProps {
  betTypes: readonly string[];
  variant: string;
  stakes: Record<string, bigint>;
  pending: Record<string, boolean>;
  currency: string;
  locale: string;
  disabled: boolean;
  closedSide: (type: string) => boolean;
  onBet: (type: string) => void;
  lastWinner: string | null;
}

/** The eight bet spots: side bets on top, Player, Tie and Banker below, each with the player's chips. */
export function BaccaratLayout(props: SpotProps) {
  const { t } = useTranslation();
  const offered = BACCARAT_BET_ORDER.filter((type) => props.betTypes.includes(type));
  const side = offered.filter((type) => SIDE_BET_TYPES.includes(type));
  const main = offered.filter((type) => !SIDE_BET_TYPES.includes(type));
  const spot = (type: string) => {
    const closed = props.closedSide(type);
    const stake = props.stakes[type];
    const pays = closed ? t('baccarat.sideBetsClosed') : baccaratPayout(type, props.variant);
    // The full name for a screen reader (the spot shows the short one), its payout and the player's stake on it.
    const label = [
      t('a11y.spot', {
        name: t(`a11y.name${type.charAt(0).toUpperCase()}${type.slice(1)}`, {
          defaultValue: t(`bets.${type}`),
        }),
        pays,
      }),
      stake !== undefined && stake > 0n
        ? t('a11y.yourStake', { amount: formatMoney(String(stake), props.currency, props.locale) })
        : null,
    ]
      .filter(Boolean)
      .join(', ');
    return (
      <button
        key={type}
        type="button"
        className={`spot spot--${type}${closed ? ' spot--closed' : ''}${props.lastWinner === type ? ' spot--won' : ''}`}
        disabled={props.disabled || closed}
        onClick={() => props.onBet(type)}
        aria-label={label}
        data-bet={type}
      >
        <span className="spot__name">{t(`bets.${type}`)}</span>
        <span className="spot__pays">{pays}</span>
        {stake !== undefined && stake > 0n ? (
          <span
            className={`spot__stake${props.pending[type] ? ' spot__stake--pending' : ''}`}
            data-stake={type}
          >
            <Chip value={String(stake)} currency={props.currency} locale={props.locale} small />
          </span>
        ) : null}
      </button>
    );
  };
  return (
    <div className="layout-baccarat">
      {side.length > 0 ? <div className="layout-baccarat__side">{side.map(spot)}</div> : null}
      <div className="layout-baccarat__main">{main.map(spot)}</div>
    </div>
  );
}
