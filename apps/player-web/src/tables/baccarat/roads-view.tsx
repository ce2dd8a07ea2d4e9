import {
  AskPrediction,
  BigRoad,
  BeadPlate,
  DerivedRoad,
  RoadResult,
  askRoads,
  computeRoads,
} from '@casino/roads';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const CELL = 18;

/** Shows the last `columns` columns of a road that grows to the right. */
function window(columns: number, visible: number): number {
  return Math.max(0, columns - visible);
}

const COLOURS = { player: '#2f7cf6', banker: '#e0413a', tie: '#2fb463' } as const;

export function BigRoadGrid({
  road,
  visible,
  cell = CELL,
}: {
  road: BigRoad;
  visible: number;
  cell?: number;
}) {
  const { t } = useTranslation();
  const from = window(road.columns, visible);
  // A letter in each circle, so the road reads without telling red from blue.
  const letter = { player: t('baccarat.statsP'), banker: t('baccarat.statsB'), tie: t('baccarat.statsT') };
  return (
    <svg
      className="road"
      viewBox={`0 0 ${visible * cell} ${road.rows * cell}`}
      width={visible * cell}
      height={road.rows * cell}
      data-road="big"
      role="img"
      aria-label={t('a11y.bigRoad')}
    >
      <Grid columns={visible} rows={road.rows} cell={cell} />
      {road.entries
        .filter((e) => e.column >= from)
        .map((e) => {
          const x = (e.column - from) * cell + cell / 2;
          const y = e.row * cell + cell / 2;
          const r = cell * 0.36;
          return (
            <g key={e.round}>
              <circle cx={x} cy={y} r={r} fill="none" stroke={COLOURS[e.winner]} strokeWidth={cell * 0.13} />
              {e.ties > 0 ? (
                <line
                  x1={x - r}
                  y1={y + r}
                  x2={x + r}
                  y2={y - r}
                  stroke={COLOURS.tie}
                  strokeWidth={cell * 0.12}
                />
              ) : null}
              {e.ties > 1 ? (
                <text x={x} y={y + cell * 0.14} className="road__count" fontSize={cell * 0.42}>
                  {e.ties}
                </text>
              ) : (
                <text
                  x={x}
                  y={y + cell * 0.13}
                  className="road__mark"
                  fontSize={cell * 0.38}
                  fill={COLOURS[e.winner]}
                >
                  {letter[e.winner]}
                </text>
              )}
              {e.bankerPair ? (
                <circle cx={x - r * 0.8} cy={y - r * 0.8} r={cell * 0.1} fill={COLOURS.banker} />
              ) : null}
              {e.playerPair ? (
                <circle cx={x + r * 0.8} cy={y + r * 0.8} r={cell * 0.1} fill={COLOURS.player} />
              ) : null}
            </g>
          );
        })}
    </svg>
  );
}

export function BeadPlateGrid({ plate, visible }: { plate: BeadPlate; visible: number }) {
  const { t } = useTranslation();
  const from = window(plate.columns, visible);
  const letter = { player: t('baccarat.statsP'), banker: t('baccarat.statsB'), tie: t('baccarat.statsT') };
  const cell = 24;
  return (
    <svg
      className="road"
      viewBox={`0 0 ${visible * cell} ${plate.rows * cell}`}
      width={visible * cell}
      height={plate.rows * cell}
      data-road="bead"
      role="img"
      aria-label={t('a11y.beadPlate')}
    >
      <Grid columns={visible} rows={plate.rows} cell={cell} />
      {plate.cells
        .filter((c) => c.column >= from)
        .map((c) => {
          const x = (c.column - from) * cell + cell / 2;
          const y = c.row * cell + cell / 2;
          return (
            <g key={c.round}>
              <circle cx={x} cy={y} r={cell * 0.42} fill={COLOURS[c.winner]} />
              <text x={x} y={y + cell * 0.14} className="road__letter" fontSize={cell * 0.42}>
                {letter[c.winner]}
              </text>
            </g>
          );
        })}
    </svg>
  );
}

export function DerivedRoadGrid({
  road,
  kind,
  visible,
}: {
  road: DerivedRoad;
  kind: 'bigEye' | 'small' | 'cockroach';
  visible: number;
}) {
  const cell = 10;
  const from = window(road.columns, visible);
  const colour = { red: COLOURS.banker, blue: COLOURS.player };
  return (
    <svg
      className="road"
      viewBox={`0 0 ${visible * cell} ${road.rows * cell}`}
      width={visible * cell}
      height={road.rows * cell}
      data-road={kind}
    >
      <Grid columns={visible} rows={road.rows} cell={cell} />
      {road.entries
        .filter((e) => e.column >= from)
        .map((e, i) => {
          const x = (e.column - from) * cell + cell / 2;
          const y = e.row * cell + cell / 2;
          const r = cell * 0.34;
          if (kind === 'bigEye')
            return (
              <circle key={i} cx={x} cy={y} r={r} fill="none" stroke={colour[e.color]} strokeWidth={1.6} />
            );
          if (kind === 'small') return <circle key={i} cx={x} cy={y} r={r} fill={colour[e.color]} />;
          return (
            <line
              key={i}
              x1={x - r}
              y1={y + r}
              x2={x + r}
              y2={y - r}
              stroke={colour[e.color]}
              strokeWidth={2}
            />
          );
        })}
    </svg>
  );
}

function Grid({ columns, rows, cell }: { columns: number; rows: number; cell: number }) {
  const lines = [];
  for (let c = 1; c < columns; c++)
    lines.push(<line key={`c${c}`} x1={c * cell} y1={0} x2={c * cell} y2={rows * cell} />);
  for (let r = 1; r < rows; r++)
    lines.push(<line key={`r${r}`} x1={0} y1={r * cell} x2={columns * cell} y2={r * cell} />);
  return (
    <g className="road__grid">
      <rect x={0} y={0} width={columns * cell} height={rows * cell} className="road__bg" />
      {lines}
    </g>
  );
}

function AskBadge({
  side,
  prediction,
  label,
}: {
  side: 'player' | 'banker';
  prediction: AskPrediction;
  label: string;
}) {
  const colour = { red: COLOURS.banker, blue: COLOURS.player };
  const marks = [prediction.bigEye, prediction.small, prediction.cockroach];
  return (
    <div className={`ask ask--${side}`} data-ask={side}>
      <span className="ask__label">{label}</span>
      <svg viewBox="0 0 54 14" width="54" height="14">
        {marks.map((m, i) => {
          const x = 9 + i * 18;
          if (!m)
            return <circle key={i} cx={x} cy={7} r={4} fill="none" stroke="#556" strokeDasharray="2 2" />;
          if (i === 0)
            return (
              <circle key={i} cx={x} cy={7} r={4.5} fill="none" stroke={colour[m.color]} strokeWidth={2} />
            );
          if (i === 1) return <circle key={i} cx={x} cy={7} r={5} fill={colour[m.color]} />;
          return (
            <line key={i} x1={x - 5} y1={12} x2={x + 5} y2={2} stroke={colour[m.color]} strokeWidth={2.4} />
          );
        })}
      </svg>
    </div>
  );
}

/** The five roads and the ask roads of a shoe's results so far (docs/rules/baccarat-roads.md). */
export function RoadsPanel({ results }: { results: readonly RoadResult[] }) {
  const { t } = useTranslation();
  const roads = useMemo(() => computeRoads(results), [results]);
  const ask = useMemo(() => askRoads(results), [results]);
  const counts = useMemo(() => {
    const c = { player: 0, banker: 0, tie: 0 };
    for (const r of results) c[r.winner]++;
    return c;
  }, [results]);
  return (
    <section className="roads" data-testid="roads">
      <div className="roads__bead">
        <BeadPlateGrid plate={roads.beadPlate} visible={8} />
        <div className="roads__stats">
          <span className="stat stat--banker">
            {t('baccarat.statsB')} {counts.banker}
          </span>
          <span className="stat stat--player">
            {t('baccarat.statsP')} {counts.player}
          </span>
          <span className="stat stat--tie">
            {t('baccarat.statsT')} {counts.tie}
          </span>
        </div>
      </div>
      <div className="roads__main">
        <div title={t('baccarat.bigRoad')}>
          <BigRoadGrid road={roads.bigRoad} visible={26} cell={16} />
        </div>
        <div className="roads__derived">
          <div title={t('baccarat.bigEye')}>
            <DerivedRoadGrid road={roads.bigEye} kind="bigEye" visible={42} />
          </div>
          <div title={t('baccarat.small')}>
            <DerivedRoadGrid road={roads.small} kind="small" visible={21} />
          </div>
          <div title={t('baccarat.cockroach')}>
            <DerivedRoadGrid road={roads.cockroach} kind="cockroach" visible={21} />
          </div>
        </div>
      </div>
      <div className="roads__ask">
        <AskBadge side="banker" prediction={ask.banker} label={t('baccarat.askBanker')} />
        <AskBadge side="player" prediction={ask.player} label={t('baccarat.askPlayer')} />
      </div>
    </section>
  );
}

export function MiniBigRoad({ results }: { results: readonly RoadResult[] }) {
  const roads = useMemo(() => computeRoads(results), [results]);
  return <BigRoadGrid road={roads.bigRoad} visible={22} cell={13} />;
}
