import { PlayingCard } from '@casino/web-kit';
import type { StudioGameId } from '@packages/player-protocol/src/index';
import { formatMoney } from '@packages/wallet/src/money-display';
import { ratioText } from '../../rules/table-limits';
import type { Translate } from '../../i18n/translate';
import { Chip } from '../../ui/chip';
import { duelSidesOf, resultKind, spotGroups, type Pays, type StudioSpot } from './studio-games';
import type { StudioResultView } from './studio-state';

/** A payout as tables print it: 1:1, 2.85:1. */
export function paysText(pays: Pays): string {
  return ratioText({ numerator: pays.num, denominator: pays.den });
}

/** A spot's payouts: one, or the lowest and highest (Sic Bo's single number: 1:1–3:1). */
export function spotPaysText(spot: StudioSpot): string {
  if (spot.pays.length === 0) return '—';
  const first = paysText(spot.pays[0]);
  return spot.pays.length === 1 ? first : `${first}–${paysText(spot.pays[spot.pays.length - 1])}`;
}

/** The bet's name in the player's language, its numbers in it (`Total 9`, `1 Nim 2`, `Kwok 1-2`). */
export function betLabel(t: Translate, bet: Record<string, unknown>): string {
  const numbers = Array.isArray(bet.numbers) ? bet.numbers.map(String) : [];
  const type = String(bet.type);
  return t(`studio.bet.${type}`, {
    defaultValue: type,
    number: bet.number,
    push: bet.push,
    total: bet.total,
    a: numbers[0],
    b: numbers[1],
  });
}

/** Pip positions of a die face on a 3×3 grid (drawing, not a rule). */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export function Die({
  face,
  size = 'big',
  rolling = false,
}: {
  face: number | null;
  size?: 'big' | 'small';
  /** Being shaken (no face yet). */
  rolling?: boolean;
}) {
  const pips = face === null ? [] : (PIPS[face] ?? []);
  return (
    <span
      className={`die die--${size}${face === null ? (rolling ? ' die--rolling' : ' die--blank') : ''}`}
      data-die={face ?? undefined}
      aria-label={face === null ? '?' : String(face)}
    >
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className={pips.includes(i) ? 'die__pip' : 'die__blank'} />
      ))}
    </span>
  );
}

/** What the table shows of the round: the two cards, the three dice or the beads, face down while drawing. */
export function ResultStage({
  game,
  result,
  previous,
  drawing,
  t,
}: {
  game: StudioGameId;
  result: StudioResultView | null;
  /** The last round's result, shown dimmed under the dice or beads while the next round takes bets. */
  previous: StudioResultView | null;
  drawing: boolean;
  t: Translate;
}) {
  const kind = resultKind(game);
  const shown = result ?? (drawing ? null : previous);
  const dimmed = !result && shown ? ' stage--previous' : '';
  if (kind === 'cards') {
    const sides = duelSidesOf(game);
    const cards = result?.cards ?? [];
    const slot = (side: 'first' | 'second', index: number) => (
      <div
        className={`duel-side duel-side--${side}${result?.winner === side ? ' duel-side--won' : ''}`}
        data-side={side}
      >
        <span className="duel-side__name">{t(`studio.bet.${sides?.[side] ?? side}`)}</span>
        {cards[index] || drawing ? (
          <PlayingCard card={cards[index] ?? null} />
        ) : (
          <span className="duel-side__empty" />
        )}
      </div>
    );
    return (
      <div className="stage stage--cards" dir="ltr">
        {slot('first', 0)}
        <span className="duel-vs">VS</span>
        {slot('second', 1)}
      </div>
    );
  }
  if (kind === 'dice') {
    const dice = shown?.dice ?? [];
    return (
      <div className={`stage stage--dice${dimmed}`} dir="ltr">
        <div className="dice-plate">
          {[0, 1, 2].map((i) => (
            <Die key={i} face={dice[i] ?? null} rolling={drawing} />
          ))}
        </div>
      </div>
    );
  }
  const count = shown?.count ?? null;
  return (
    <div className={`stage stage--beads${dimmed}`} dir="ltr">
      <div className="beads" aria-hidden="true">
        {Array.from({ length: Math.min(count ?? 48, 160) }, (_, i) => (
          <span key={i} className={`bead${count === null ? ' bead--hidden' : ''}`} />
        ))}
      </div>
      <div className="fan-square" aria-label={t('studio.result.left', { result: shown?.result ?? '?' })}>
        {[1, 2, 3, 4].map((n) => (
          <span
            key={n}
            className={`fan-square__side fan-square__side--${n}${shown?.result === n ? ' fan-square__side--won' : ''}`}
          >
            {n}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The result in words under the stage: who won, the dice total, the bead count and what it leaves. */
export function ResultBanner({
  game,
  result,
  winners,
  spots,
  voided,
  t,
}: {
  game: StudioGameId;
  result: StudioResultView | null;
  winners: ReadonlySet<string>;
  spots: readonly StudioSpot[];
  voided: boolean;
  t: Translate;
}) {
  if (voided)
    return (
      <div className="studio-banner studio-banner--voided" data-testid="result" data-winner="void">
        {t('studio.result.voided')}
      </div>
    );
  if (!result) return null;
  const kind = resultKind(game);
  // The spots of the layout's main row this result wins (Dragon; Small · Odd; Even), by the definition's settlement.
  const main = spotGroups(spots).find((g) => g.type === null)?.spots ?? [];
  const won = main.filter((s) => winners.has(s.key)).map((s) => betLabel(t, s.bet));
  let headline: string;
  let detail: string | null = won.join(' · ') || null;
  if (kind === 'cards') {
    const sides = duelSidesOf(game);
    const winner = result.winner === 'first' || result.winner === 'second' ? sides?.[result.winner] : null;
    headline = winner ? t('studio.result.wins', { side: t(`studio.bet.${winner}`) }) : (won[0] ?? '');
    detail = winner ? null : won.slice(1).join(' · ') || null;
  } else if (kind === 'dice') {
    const total = (result.dice ?? []).reduce((a, b) => a + b, 0);
    headline = t('studio.result.total', { total });
  } else {
    headline = t('studio.result.left', { result: result.result ?? '?' });
    detail = [t('studio.result.beads', { count: result.count ?? 0 }), ...won].join(' · ');
  }
  return (
    <div
      className={`studio-banner studio-banner--${result.winner ?? kind}`}
      data-testid="result"
      data-winner={result.winner ?? (won.length > 0 ? won.join(',') : 'none')}
    >
      <span className="studio-banner__headline">{headline}</span>
      {detail ? <span className="studio-banner__detail">{detail}</span> : null}
    </div>
  );
}

/** What a grouped spot shows: its dice (Sic Bo's numbers), its total, or its short name. */
function SpotFace({ game, spot, t }: { game: StudioGameId; spot: StudioSpot; t: Translate }) {
  const numbers = Array.isArray(spot.bet.numbers)
    ? spot.bet.numbers.filter((n): n is number => typeof n === 'number')
    : typeof spot.bet.number === 'number' && spot.bet.push === undefined
      ? [spot.bet.number]
      : [];
  if (resultKind(game) === 'dice' && numbers.length > 0)
    return (
      <span className="sspot__dice" dir="ltr">
        {numbers.map((n, i) => (
          <Die key={i} face={n} size="small" />
        ))}
      </span>
    );
  if (typeof spot.bet.total === 'number')
    return <span className="sspot__name sspot__name--big">{spot.bet.total}</span>;
  return <span className="sspot__name">{betLabel(t, spot.bet)}</span>;
}

/** The layout: the engine's spots in groups, each with its payout, the player's stake and the winners lit. */
export function StudioLayout({
  game,
  spots,
  stakes,
  winners,
  disabled,
  currency,
  locale,
  onBet,
  t,
}: {
  game: StudioGameId;
  spots: readonly StudioSpot[];
  stakes: ReadonlyMap<string, bigint>;
  winners: ReadonlySet<string>;
  disabled: boolean;
  currency: string;
  locale: string;
  onBet: (spot: StudioSpot) => void;
  t: Translate;
}) {
  const spot = (s: StudioSpot, main: boolean) => {
    const stake = stakes.get(s.key);
    const pays = spotPaysText(s);
    const label = [
      t('a11y.spot', { name: betLabel(t, s.bet), pays }),
      stake ? t('a11y.yourStake', { amount: formatMoney(String(stake), currency, locale) }) : null,
    ]
      .filter(Boolean)
      .join(', ');
    return (
      <button
        key={s.key}
        type="button"
        className={`sspot sspot--${s.type}${main ? ' sspot--main' : ''}${winners.has(s.key) ? ' sspot--won' : ''}${stake ? ' sspot--staked' : ''}`}
        disabled={disabled}
        onClick={() => onBet(s)}
        aria-label={label}
        data-spot={s.key}
      >
        {main ? (
          <span className="sspot__name">{betLabel(t, s.bet)}</span>
        ) : (
          <SpotFace game={game} spot={s} t={t} />
        )}
        <span className="sspot__pays" dir="ltr">
          {pays}
        </span>
        {stake ? (
          <span className="sspot__stake" data-stake={s.key}>
            <Chip value={String(stake)} currency={currency} locale={locale} small />
          </span>
        ) : null}
      </button>
    );
  };
  return (
    <div className={`studio-layout studio-layout--${game}`} data-testid="studio-layout">
      {spotGroups(spots).map((g, i) => (
        <section
          key={g.type ?? `main${i}`}
          className={`sgroup sgroup--${g.type ?? 'main'}${g.spots.length === 1 ? ' sgroup--lone' : ''}`}
          data-group={g.type ?? 'main'}
        >
          {g.type ? (
            <h3 className="sgroup__title">
              {t(`studio.group.${g.type}`, { defaultValue: g.type })}
              <span className="sgroup__hint">{t(`studio.hint.${g.type}`, { defaultValue: '' })}</span>
            </h3>
          ) : null}
          <div className="sgroup__spots">{g.spots.map((s) => spot(s, g.type === null))}</div>
        </section>
      ))}
    </div>
  );
}

/** The tile's line: the layout's bets in order, the main row by name and each group by its title. */
export function layoutLine(spots: readonly StudioSpot[], t: Translate): string {
  return spotGroups(spots)
    .flatMap((g) =>
      g.type === null ? g.spots.map((s) => betLabel(t, s.bet)) : [t(`studio.group.${g.type}`)],
    )
    .slice(0, 3)
    .join(' · ');
}
