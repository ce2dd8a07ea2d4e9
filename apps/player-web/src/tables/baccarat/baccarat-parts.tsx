import { useTranslation } from 'react-i18next';
import { Chip } from '../../ui/chip';
import { PlayingCard } from '../../ui/playing-card';
import { BACCARAT_BET_ORDER, BaccaratResultView, DealtCard, handTotal, SIDE_BETS } from './baccarat-state';
import { baccaratPayout } from '../../rules/baccarat-payouts';

/** The Player and Banker hands with their totals; the winner's side glows. */
export function BaccaratHands({ cards, result }: { cards: DealtCard[]; result: BaccaratResultView | null }) {
  const { t } = useTranslation();
  const player = cards.filter((c) => c.target === 'player').map((c) => c.card);
  const banker = cards.filter((c) => c.target === 'banker').map((c) => c.card);
  const side = (which: 'player' | 'banker', hand: string[]) => (
    <div
      className={`hand hand--${which}${result && result.winner === which ? ' hand--won' : ''}`}
      data-hand={which}
    >
      <div className="hand__title">
        <span>{t(`bets.${which}`)}</span>
        <span className="hand__total" data-total={which}>
          {hand.length > 0 ? handTotal(hand) : ''}
        </span>
      </div>
      <div className="hand__cards">
        {hand.map((c, i) => (
          <PlayingCard key={`${c}${i}`} card={c} sideways={i === 2} />
        ))}
      </div>
    </div>
  );
  return (
    <div className="hands">
      {side('player', player)}
      {side('banker', banker)}
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
  const side = offered.filter((type) => SIDE_BETS.includes(type));
  const main = offered.filter((type) => !SIDE_BETS.includes(type));
  const spot = (type: string) => {
    const closed = props.closedSide(type);
    const stake = props.stakes[type];
    return (
      <button
        key={type}
        type="button"
        className={`spot spot--${type}${closed ? ' spot--closed' : ''}${props.lastWinner === type ? ' spot--won' : ''}`}
        disabled={props.disabled || closed}
        onClick={() => props.onBet(type)}
        data-bet={type}
      >
        <span className="spot__name">{t(`bets.${type}`)}</span>
        <span className="spot__pays">
          {closed ? t('baccarat.sideBetsClosed') : baccaratPayout(type, props.variant)}
        </span>
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
