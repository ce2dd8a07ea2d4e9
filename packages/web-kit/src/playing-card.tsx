import './playing-card.css';

const SUITS: Record<string, { symbol: string; red: boolean }> = {
  S: { symbol: '♠', red: false },
  H: { symbol: '♥', red: true },
  D: { symbol: '♦', red: true },
  C: { symbol: '♣', red: false },
};

/** A card as text ("AS", "TD"); null is a face-down card. The player client's tables and the back office draw it. */
export function PlayingCard({
  card,
  small,
  sideways,
}: {
  card: string | null;
  small?: boolean;
  sideways?: boolean;
}) {
  const size = small ? ' card--small' : '';
  const turn = sideways ? ' card--sideways' : '';
  if (card === null || card.length !== 2)
    return <div className={`card card--back${size}${turn}`} aria-label="face down" />;
  const rank = card[0] === 'T' ? '10' : card[0];
  const suit = SUITS[card[1]] ?? { symbol: '?', red: false };
  return (
    <div
      className={`card${suit.red ? ' card--red' : ''}${size}${turn}`}
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
