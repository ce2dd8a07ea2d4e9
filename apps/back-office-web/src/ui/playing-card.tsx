// Copied from apps/player-web/src/ui/playing-card.tsx (the player client is an app, not a library to import).
const SUITS: Record<string, { symbol: string; red: boolean }> = {
  S: { symbol: '♠', red: false },
  H: { symbol: '♥', red: true },
  D: { symbol: '♦', red: true },
  C: { symbol: '♣', red: false },
};

/** A card as text ("AS", "TD"); null is a face-down card. */
export function PlayingCard({ card, small }: { card: string | null; small?: boolean }) {
  const size = small ? ' card--small' : '';
  if (card === null || card.length !== 2)
    return <div className={`card card--back${size}`} aria-label="face down" />;
  const rank = card[0] === 'T' ? '10' : card[0];
  const suit = SUITS[card[1]] ?? { symbol: '?', red: false };
  return (
    <div
      className={`card${suit.red ? ' card--red' : ''}${size}`}
      data-card={card}
      aria-label={`${rank}${suit.symbol}`}
    >
      <span className="card__corner">
        {rank}
        <br />
        {suit.symbol}
      </span>
      <span className="card__pip">{suit.symbol}</span>
    </div>
  );
}
