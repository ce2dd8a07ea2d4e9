import { gameDefinition } from '@casino/games';
import { diceMarks, type SicBoDice } from '@casino/sic-bo';
import { PlayingCard } from '@casino/web-kit';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import type { HistoryT } from '../games/game-client';
import { duelSidesOf, resultKind } from '../tables/studio/studio-games';
import { betLabel, Die } from '../tables/studio/studio-parts';
import { ensureStudioStrings } from '../tables/studio/studio-strings';

/** The side a recorded two-card round went to, by its definition's draw (`first`, `second`, `tie`); null if unreadable. */
export function duelOutcome(game: StudioGameId, cards: readonly string[]): string | null {
  const draw = gameDefinition(game).automaticDraw;
  if (draw.kind !== 'shoe' || cards.length !== draw.cardsPerRound) return null;
  try {
    return (draw.outcome as (r: unknown) => string)(draw.result(cards));
  } catch {
    return null;
  }
}

/** The three faces of a recorded Sic Bo round, or null. */
function diceOf(result: Record<string, unknown>): SicBoDice | null {
  const d = result.dice;
  return Array.isArray(d) && d.length === 3 && d.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)
    ? (d as unknown as SicBoDice)
    : null;
}

/**
 * A studio round's result in the player's history, read from the game's definition and engine: the two cards each
 * under its side (Dragon, Tiger; Home, Away) and the side the definition's draw gives the round; the three dice with
 * the engine's total and Small, Big or the triple; the bead count and what it leaves.
 */
export function StudioRoundResult({
  game,
  result,
  t,
}: {
  game: StudioGameId;
  result: Record<string, unknown>;
  t: HistoryT;
}) {
  ensureStudioStrings();
  const kind = resultKind(game);
  if (kind === 'cards') {
    const cards = Array.isArray(result.cards)
      ? result.cards.filter((c): c is string => typeof c === 'string')
      : [];
    const sides = duelSidesOf(game);
    const outcome = duelOutcome(game, cards);
    const sideOf = (role: string | null) =>
      sides && role ? (role === 'first' ? sides.first : role === 'second' ? sides.second : sides.tie) : null;
    const winner = sideOf(outcome);
    return (
      <div className="rh-result-row" data-testid="round-cards" data-winner={outcome ?? undefined}>
        {cards.map((c, i) => {
          const side = sideOf(i === 0 ? 'first' : 'second');
          return (
            <figure key={i} className={`rh-side${side === winner ? ' rh-side--won' : ''}`} data-side={side}>
              <PlayingCard card={c} small />
              <figcaption>{side ? betLabel(t, { type: side }) : null}</figcaption>
            </figure>
          );
        })}
        {winner ? (
          <b className="rh-outcome" data-testid="round-winner">
            {outcome === 'tie'
              ? betLabel(t, { type: winner })
              : t('studio.result.wins', { side: betLabel(t, { type: winner }) })}
          </b>
        ) : null}
      </div>
    );
  }
  if (kind === 'dice') {
    const dice = diceOf(result);
    if (!dice) return null;
    const marks = diceMarks(dice);
    return (
      <div className="rh-result-row" data-testid="round-dice" data-total={marks.total}>
        {dice.map((d, i) => (
          <Die key={i} face={d} size="small" />
        ))}
        <b className="rh-outcome">
          {t('studio.result.total', { total: marks.total })}
          {' · '}
          {marks.triple
            ? betLabel(t, { type: 'triple', number: dice[0] })
            : marks.size
              ? betLabel(t, { type: marks.size })
              : null}
        </b>
      </div>
    );
  }
  return typeof result.count === 'number' ? (
    <div className="rh-result-row" data-testid="round-beads" data-result={String(result.result)}>
      <span className="rh-label">{t('studio.result.beads', { count: result.count })}</span>
      <b className="rh-outcome">{t('studio.result.left', { result: result.result })}</b>
    </div>
  ) : null;
}
