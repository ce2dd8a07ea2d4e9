import { handsOfCards, handTotalOfCards } from '@casino/baccarat';
import type { GameClient } from '../../games/game-client';
import { PlayingCard } from '@casino/web-kit';
import { BaccaratTable } from './BaccaratTable';
import { RngBaccaratTable } from './RngBaccaratTable';
import { MiniBigRoad } from './roads-view';

/** Baccarat on this client: live tables and the RNG table (a single-player table of the same service). */
export const baccaratClient: GameClient<'baccarat'> = {
  game: 'baccarat',
  TableView: ({ table, token }) =>
    table.variant === 'rng' ? (
      <RngBaccaratTable table={table} token={token} />
    ) : (
      <BaccaratTable table={table} token={token} />
    ),
  tileVariant: (table, t) => t(`variants.${table.variant}`),
  TilePreview: ({ table }) =>
    table.phase === 'single-player' ? null : <MiniBigRoad results={table.baccaratResults} />,
  betName: (t, bet) => t(`bets.${String(bet.type)}`, { defaultValue: String(bet.type) }),
  ResultView: ({ result, t }) => {
    const cards = Array.isArray(result.cards)
      ? result.cards.filter((c): c is string => typeof c === 'string')
      : [];
    // The engine's drawing rules split the record; one they cannot deal is shown as it is, in order.
    const hands = handsOfCards(cards) ?? { player: cards, banker: [] };
    return (
      <div className="rh-hands">
        {(['player', 'banker'] as const).map((side) => (
          <div key={side} className={`rh-hand rh-hand--${side}`} data-hand={side}>
            <span className="rh-label">
              {t(`bets.${side}`)} · {handTotalOfCards(hands[side])}
            </span>
            <div className="rh-cards">
              {hands[side].map((c, i) => (
                <PlayingCard key={i} card={c} small />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  },
};
