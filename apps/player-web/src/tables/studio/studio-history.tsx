import { beadPlate, bigRoad, type BigRoad, type BigRoadEntry, type RoadResult } from '@casino/roads';
import { diceMarks, diceProblem, type SicBoDice } from '@casino/sic-bo';
import type { LobbyStudioResult, StudioGameId } from '@packages/player-protocol/src/index';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { Translate } from '../../i18n/translate';
import { useMedia } from '../../ui/use-media';
import { duelSidesOf, resultKind } from './studio-games';
import { Die } from './studio-parts';
import type { StudioResultView } from './studio-state';

// A studio table's results history as its players expect it: Dragon Tiger and Football Studio the bead plate and
// the big road of the shoe (placed by @casino/roads, docs/rules/baccarat-roads.md#other-games), Sic Bo the recent
// dice with their total and Small, Big or triple (the engine's diceMarks), Fan Tan the recent results 1–4. Every
// mark is a letter, a number or a shape besides its colour.

/** A two-card game's outcome, as its definition's automatic draw names it. */
type DuelSide = 'first' | 'second';
const DUEL_OUTCOMES: readonly string[] = ['first', 'second', 'tie'];

/** The width of an element, following resizes (0 before the first layout). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A road's grid: as many columns as fit, the road's last ones shown (it grows to the right). */
function RoadBoard<T extends { column: number; row: number }>({
  kind,
  label,
  rows,
  columns,
  cell,
  items,
  render,
  titled = true,
}: {
  kind: 'bead' | 'big';
  label: string;
  /** Its name above it (a lobby tile's road has none). */
  titled?: boolean;
  rows: number;
  columns: number;
  cell: number;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  const [ref, width] = useWidth();
  const visible = Math.max(1, Math.floor(width / cell));
  const from = Math.max(0, columns - visible);
  const style = {
    '--cell': `${cell}px`,
    gridTemplateColumns: `repeat(${visible}, ${cell}px)`,
    gridTemplateRows: `repeat(${rows}, ${cell}px)`,
  } as CSSProperties;
  return (
    <figure className={`sroad sroad--${kind}`}>
      {titled ? <figcaption className="sroad__title">{label}</figcaption> : null}
      {/* Roads run left to right in every language, as on casino scoreboards. */}
      <div className="sroad__frame" ref={ref} dir="ltr">
        <div className="sroad__grid" style={style} role="img" aria-label={label} data-road={kind}>
          {items
            .filter((item) => item.column >= from)
            .map((item) => (
              <span
                key={`${item.column}:${item.row}`}
                className="sroad__cell"
                style={{ gridColumn: item.column - from + 1, gridRow: item.row + 1 }}
              >
                {render(item)}
              </span>
            ))}
        </div>
      </div>
    </figure>
  );
}

/** A big-road win: a ring with the side's letter; ties after it a slash, more than one their count. */
function BigRoadMark({
  road,
  entry,
  mark,
}: {
  road: BigRoad<DuelSide>;
  entry: BigRoadEntry<DuelSide>;
  mark: string;
}) {
  // Ties before the shoe's first win are slashed on its first cell (docs/rules/baccarat-roads.md#ties).
  const ties = entry.ties + (entry.round === road.entries[0]?.round ? road.leadingTies : 0);
  return (
    <span className={`sbig sbig--${entry.winner}`} data-mark={entry.winner} data-ties={ties || undefined}>
      {ties > 1 ? <b className="sbig__count">{ties}</b> : mark}
      {ties > 0 ? <i className="sbig__tie" aria-hidden="true" /> : null}
    </span>
  );
}

/** A two-card game's marks and names by outcome, from its bet types (the definition's pay table roles). */
function duelWords(game: StudioGameId, t: Translate) {
  const sides = duelSidesOf(game);
  const type = {
    first: sides?.first ?? 'first',
    second: sides?.second ?? 'second',
    tie: sides?.tie ?? 'tie',
  };
  return {
    mark: (side: keyof typeof type) => t(`studio.mark.${type[side]}`, { defaultValue: '?' }),
    name: (side: keyof typeof type) => t(`studio.bet.${type[side]}`),
  };
}

/** Results that name a two-card outcome, as the roads read them. */
function duelResults(results: readonly { winner?: string }[]): RoadResult<DuelSide>[] {
  return results
    .filter((r) => r.winner !== undefined && DUEL_OUTCOMES.includes(r.winner))
    .map((r) => ({ winner: r.winner }) as RoadResult<DuelSide>);
}

/** Dragon Tiger, Football Studio: the bead plate and the big road of the shoe, a legend with each side's count. */
function DuelRoads({
  game,
  results,
  t,
}: {
  game: StudioGameId;
  results: readonly StudioResultView[];
  t: Translate;
}) {
  const { mark, name } = duelWords(game, t);
  // Smaller cells on a phone held upright, so the layout's spots stay near.
  const phone = useMedia('(max-width: 600px)');
  const shown = results.filter((r) => r.winner !== undefined && DUEL_OUTCOMES.includes(r.winner));
  const roadResults = duelResults(shown);
  const plate = beadPlate(roadResults);
  const road = bigRoad(roadResults);
  const count = (side: string) => shown.filter((r) => r.winner === side).length;
  return (
    <>
      <div className="studio-roads">
        <RoadBoard
          kind="bead"
          label={t('baccarat.beadPlate')}
          rows={plate.rows}
          columns={plate.columns}
          cell={phone ? 19 : 24}
          items={plate.cells}
          render={(c) => (
            <span
              className={`sbead sbead--${c.winner}`}
              data-result-round={shown[c.round]?.roundId}
              data-mark={c.winner}
              title={`${name(c.winner)} · ${(shown[c.round]?.cards ?? []).join(' ')}`}
            >
              {mark(c.winner)}
            </span>
          )}
        />
        <RoadBoard
          kind="big"
          label={t('baccarat.bigRoad')}
          rows={road.rows}
          columns={road.columns}
          cell={phone ? 16 : 20}
          items={road.entries}
          render={(e) => <BigRoadMark road={road} entry={e} mark={mark(e.winner)} />}
        />
      </div>
      <div className="studio-legend" data-testid="studio-legend">
        {(['first', 'second', 'tie'] as const).map((side) => (
          <span key={side} className="studio-legend__item">
            <span className={`sbead sbead--${side} sbead--legend`}>{mark(side)}</span>
            {name(side)} <b data-count={side}>{count(side)}</b>
          </span>
        ))}
      </div>
    </>
  );
}

/** Sic Bo: the recent dice, newest first, each with its total and Small, Big or triple. */
function DiceHistory({ results, t }: { results: readonly StudioResultView[]; t: Translate }) {
  const rounds = results
    .filter((r) => diceProblem(r.dice) === null)
    .slice(-24)
    .reverse();
  const count = { small: 0, big: 0, triple: 0 };
  const items = rounds.map((r) => {
    const marks = diceMarks(r.dice as unknown as SicBoDice);
    const tag = marks.triple ? 'triple' : (marks.size ?? 'triple');
    count[tag]++;
    return { r, marks, tag };
  });
  return (
    <>
      <div className="studio-dice-history" dir="ltr">
        {items.map(({ r, marks, tag }) => (
          <div
            key={r.roundId}
            className={`sdice sdice--${tag}`}
            data-result-round={r.roundId}
            data-total={marks.total}
            data-mark={tag}
            title={`${(r.dice ?? []).join('-')} · ${t('studio.result.total', { total: marks.total })}`}
          >
            <span className="sdice__dice">
              {(r.dice ?? []).map((d, i) => (
                <Die key={i} face={d} size="small" />
              ))}
            </span>
            <b className="sdice__total">{marks.total}</b>
            <span className={`smark smark--${tag}`}>{t(`studio.mark.${tag}`)}</span>
          </div>
        ))}
      </div>
      <div className="studio-legend" data-testid="studio-legend">
        {(['small', 'big', 'triple'] as const).map((tag) => (
          <span key={tag} className="studio-legend__item">
            <span className={`smark smark--${tag}`}>{t(`studio.mark.${tag}`)}</span>
            {t(tag === 'triple' ? 'studio.bet.anyTriple' : `studio.bet.${tag}`)}{' '}
            <b data-count={tag}>{count[tag]}</b>
          </span>
        ))}
      </div>
    </>
  );
}

/** A Fan Tan result (what the beads leave), as the bead plate reads it. */
type FanResult = '1' | '2' | '3' | '4';

/**
 * Fan Tan: every kept result on a bead plate (in order, down each column; @casino/roads places it), the newest
 * ringed, and how often each of 1–4 came up among them.
 */
function FanTanHistory({ results, t }: { results: readonly StudioResultView[]; t: Translate }) {
  const rounds = results.filter((r) => typeof r.result === 'number');
  const plate = beadPlate(rounds.map((r) => ({ winner: String(r.result) as FanResult })));
  const phone = useMedia('(max-width: 600px)');
  return (
    <>
      <div className="studio-roads">
        <RoadBoard
          kind="bead"
          label={t('baccarat.beadPlate')}
          rows={plate.rows}
          columns={plate.columns}
          cell={phone ? 22 : 26}
          items={plate.cells}
          render={(c) => {
            const r = rounds[c.round];
            return (
              <span
                className={`sfan sfan--${c.winner}${c.round === rounds.length - 1 ? ' sfan--latest' : ''}`}
                data-result-round={r.roundId}
                data-mark={c.winner}
                title={t('studio.result.beads', { count: r.count ?? 0 })}
              >
                {c.winner}
              </span>
            );
          }}
        />
      </div>
      <div className="studio-legend" data-testid="studio-legend">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className="studio-legend__item">
            <span className={`sfan sfan--${n} sfan--legend`}>{n}</span>
            <b data-count={n}>{rounds.filter((r) => r.result === n).length}</b>
          </span>
        ))}
      </div>
    </>
  );
}

/**
 * The table's results history. `shoeId`: a card table's shoe in play; its roads are that shoe's results (a studio
 * dealer's table, without a shoe, shows every kept result).
 */
export function StudioHistory({
  game,
  results,
  shoeId,
  t,
}: {
  game: StudioGameId;
  results: readonly StudioResultView[];
  shoeId: string | null;
  t: Translate;
}) {
  const kind = resultKind(game);
  const ofShoe = kind === 'cards' && shoeId ? results.filter((r) => r.shoeId === shoeId) : results;
  return (
    <section className={`studio-history studio-history--${kind}`} data-testid="studio-history">
      <h2 className="studio-history__title">{t('studio.last')}</h2>
      {ofShoe.length === 0 ? <span className="hint">{t('studio.noResults')}</span> : null}
      {kind === 'cards' ? (
        <DuelRoads game={game} results={ofShoe} t={t} />
      ) : kind === 'dice' ? (
        <DiceHistory results={ofShoe} t={t} />
      ) : (
        <FanTanHistory results={ofShoe} t={t} />
      )}
    </section>
  );
}

/**
 * A lobby tile's preview of a studio table, from the lobby's row: the big road of the shoe (the two-card games),
 * the last totals with Small, Big or triple (Sic Bo), the last results (Fan Tan).
 */
export function StudioTilePreview({
  game,
  results,
  t,
}: {
  game: StudioGameId;
  results: readonly LobbyStudioResult[];
  t: Translate;
}) {
  const kind = resultKind(game);
  if (kind === 'cards') {
    const road = bigRoad(duelResults(results));
    const { mark } = duelWords(game, t);
    return (
      <div className="studio-tile studio-tile--cards" data-testid="studio-tile">
        <RoadBoard
          kind="big"
          label={t('baccarat.bigRoad')}
          titled={false}
          rows={road.rows}
          columns={road.columns}
          cell={13}
          items={road.entries}
          render={(e) => <BigRoadMark road={road} entry={e} mark={mark(e.winner)} />}
        />
      </div>
    );
  }
  if (kind === 'dice') {
    const rounds = results
      .filter((r) => diceProblem(r.dice) === null)
      .slice(-10)
      .reverse();
    return (
      <div className="studio-tile studio-tile--dice" data-testid="studio-tile" dir="ltr">
        {rounds.map((r) => {
          const marks = diceMarks(r.dice as unknown as SicBoDice);
          const tag = marks.triple ? 'triple' : (marks.size ?? 'triple');
          return (
            <span
              key={r.roundId}
              className="studio-tile__dice"
              data-mark={tag}
              title={(r.dice ?? []).join('-')}
            >
              <b>{marks.total}</b>
              <span className={`smark smark--${tag}`}>{t(`studio.mark.${tag}`)}</span>
            </span>
          );
        })}
      </div>
    );
  }
  const rounds = results
    .filter((r) => typeof r.result === 'number')
    .slice(-12)
    .reverse();
  return (
    <div className="studio-tile studio-tile--beads" data-testid="studio-tile" dir="ltr">
      {rounds.map((r) => (
        <span key={r.roundId} className={`sfan sfan--${r.result}`} data-mark={r.result}>
          {r.result}
        </span>
      ))}
    </div>
  );
}
