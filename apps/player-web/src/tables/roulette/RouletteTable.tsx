import { WHEEL_ORDER } from '@packages/roulette/src/wheel';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import type { LobbyTable } from '../../net/use-lobby';
import { Chip, chipValues } from '../../ui/chip';
import { Countdown } from '../../ui/countdown';
import { useRejection } from '../../ui/use-rejection';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LiveBetControls } from '../shared/LiveBetControls';
import { LimitsButton } from '../../rules/LimitsDialog';
import { HistoryButton } from '../../history/HistoryButton';
import { RulesButton } from '../../rules/RulesDialog';
import { roulettePayRows } from '../../rules/roulette-payouts';
import { rouletteLimits } from '../../rules/table-limits';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { useLiveBets } from '../shared/use-live-bets';
import { useTableSession } from '../shared/use-table-session';
import { pocketClass } from './pocket';
import { RouletteBoardUpright } from './RouletteBoardUpright';
import { useMedia } from '../../ui/use-media';
import { formatPercent, rouletteStats } from './roulette-stats';
import {
  applyEvent,
  coveredNumbers,
  emptyRoulette,
  fromSnapshot,
  mergePockets,
  RouletteSpec,
  specKey,
} from './roulette-state';

const reducers = { fromSnapshot, applyEvent };

type Announced = 'voisinsDuZero' | 'tiersDuCylindre' | 'orphelins' | 'jeuZero';

/** Numbers of row r (0 = top: 3, 6, …, 36) of the layout. */
const rows = [3, 2, 1].map((first) => Array.from({ length: 12 }, (_, i) => first + 3 * i));

export function RouletteTable({ table, token }: { table: LobbyTable; token: string }) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const reject = useRejection();
  const { state, game, update } = useTableSession(
    table.serviceUrl,
    token,
    table.tableId,
    {
      ...emptyRoulette(),
      history: table.rouletteResults.map((r) => ({ roundId: r.roundId, pocket: r.pocket })),
    },
    reducers,
    table.currency,
  );
  usePhaseCues(state.phase);
  const chips = useMemo(() => chipValues(table.limits.min, table.limits.max), [table.limits]);
  const [chip, setChip] = useState(chips[0] ?? '100');
  const connection = game.connection;
  const betting = state.phase === 'betting' && game.status === 'online';
  const upright = useMedia('(max-width: 600px)');
  const covered = coveredNumbers(state.myBets);
  const stakeAt = new Map<string, bigint>();
  for (const b of state.myBets)
    stakeAt.set(specKey(b.spec), (stakeAt.get(specKey(b.spec)) ?? 0n) + BigInt(b.stake));
  const total = state.myBets.reduce((sum, b) => sum + BigInt(b.stake), 0n);
  const pockets = useMemo(
    () =>
      mergePockets(
        table.rouletteResults.map((r) => ({ roundId: r.roundId, pocket: r.pocket })),
        state.history,
      ),
    [table.rouletteResults, state.history],
  );
  const stats = useMemo(() => rouletteStats(pockets.map((p) => p.pocket)), [pockets]);
  const bets = useLiveBets({
    connection,
    tableId: table.tableId,
    roundId: state.roundId,
    myBets: state.myBets,
    update,
    wire: (b) => ({ bet: b.spec, stake: b.stake }),
  });
  const place = (spec: RouletteSpec, stake = chip) => bets.place({ spec, stake });

  const announce = async (
    announced: { type: Announced } | { type: 'neighbours'; number: number; count: number },
  ) => {
    if (!connection) return;
    const result = await bets.slip.add({ announced, unitStake: chip });
    if (!result.ok) reject(result.code);
  };

  const stakeChip = (key: string) => {
    const stake = stakeAt.get(key);
    return stake ? (
      <span className="layout-chip" data-stake={key}>
        <Chip value={String(stake)} currency={table.currency} locale={locale} small />
      </span>
    ) : null;
  };

  /** The spot's name for a screen reader, in the player's language. */
  const spotLabel = (spec: RouletteSpec): string => {
    if ('numbers' in spec)
      return t(`a11y.${spec.type}`, {
        numbers: spec.numbers.map((n) => n.toLocaleString(locale)).join(', '),
      });
    if (spec.type === 'column') return t('a11y.column', { number: spec.column.toLocaleString(locale) });
    if (spec.type === 'dozen') return t(`roulette.dozen${spec.dozen}`);
    return t(`roulette.${spec.type}`);
  };

  const hit = (spec: RouletteSpec, className: string) => (
    <button
      type="button"
      className={className}
      disabled={!betting}
      onClick={() => void place(spec)}
      data-spot={specKey(spec)}
      aria-label={spotLabel(spec)}
    >
      {stakeChip(specKey(spec))}
    </button>
  );

  return (
    <div className="table table--roulette" data-testid="table-roulette" data-phase={state.phase}>
      <ConnectionBanner game={game} />
      <div className="table__head">
        <div>
          <h1 className="table__title">{table.name}</h1>
          <div className="table__sub">{t('variants.european')}</div>
        </div>
        <div className="table__status">
          <span className={`phase phase--${state.phase}`} data-testid="phase">
            {t(`phases.${state.phase}`, { defaultValue: state.phase })}
          </span>
          <Countdown deadline={state.closesAt} totalMs={state.bettingMs} />
          <LimitsButton
            game="roulette"
            limits={game.snapshot ? rouletteLimits(game.snapshot) : null}
            currency={table.currency}
          />
          <RulesButton game="roulette" rows={roulettePayRows(t)} />
          <HistoryButton game="roulette" />
          <SoundSwitch />
        </div>
      </div>
      <div className="roulette-top">
        <div
          className={`wheel-result${state.pocket !== null ? ' wheel-result--shown' : ''}`}
          data-testid="pocket"
        >
          {state.pocket !== null ? (
            <span className={`pocket pocket--big ${pocketClass(state.pocket)}`} data-pocket={state.pocket}>
              {state.pocket}
            </span>
          ) : (
            <span className="wheel-result__idle">
              {state.phase === 'spinning' ? t('roulette.spinning') : '⟳'}
            </span>
          )}
        </div>
        <div className="roulette-stats" data-testid="roulette-stats">
          <div className="roulette-stats__title">{t('roulette.last100', { count: pockets.length })}</div>
          <div className="pocket-strip pocket-strip--wrap">
            {pockets
              .slice(-100)
              .reverse()
              .map((p, i) => (
                <span
                  key={p.roundId}
                  className={`pocket pocket--tiny ${pocketClass(p.pocket)}${i === 0 ? ' pocket--latest' : ''}`}
                >
                  {p.pocket}
                </span>
              ))}
          </div>
          <div className="hotcold">
            <span className="hotcold__label hotcold__label--hot">{t('roulette.hot')}</span>
            {stats.hot.map((n) => (
              <span key={`h${n}`} className={`pocket pocket--tiny ${pocketClass(n)}`}>
                {n}
              </span>
            ))}
            <span className="hotcold__label hotcold__label--cold">{t('roulette.cold')}</span>
            {stats.cold.map((n) => (
              <span key={`c${n}`} className={`pocket pocket--tiny ${pocketClass(n)}`}>
                {n}
              </span>
            ))}
          </div>
          <div className="bars">
            <Bar
              left={t('roulette.red')}
              right={t('roulette.black')}
              a={stats.red}
              b={stats.black}
              zero={stats.zero}
              kind="rb"
              locale={locale}
            />
            <Bar
              left={t('roulette.odd')}
              right={t('roulette.even')}
              a={stats.odd}
              b={stats.even}
              zero={stats.zero}
              kind="oe"
              locale={locale}
            />
            <Bar
              left={t('roulette.low')}
              right={t('roulette.high')}
              a={stats.low}
              b={stats.high}
              zero={stats.zero}
              kind="lh"
              locale={locale}
            />
            <div className="dozens">
              {stats.dozens.map((d, i) => (
                <span key={i}>
                  {t(`roulette.dozen${i + 1}`)} <b>{formatPercent(d, locale)}</b>
                </span>
              ))}
            </div>
          </div>
        </div>
      </div>
      {upright ? (
        <RouletteBoardUpright hit={hit} covered={covered} pocket={state.pocket} />
      ) : (
        <div className="roulette-layout" dir="ltr">
          <div className={`rl-zero pocket--green${covered.has(0) ? ' rl--covered' : ''}`}>
            <span className="rl-num">0</span>
            {hit({ type: 'straight', numbers: [0] }, 'rl-hit rl-hit--full')}
          </div>
          <div className="rl-grid">
            {rows.map((row, r) => (
              <div key={r} className="rl-row">
                {row.map((n) => (
                  <div
                    key={n}
                    className={`rl-cell ${pocketClass(n)}${covered.has(n) ? ' rl--covered' : ''}`}
                    data-number={n}
                  >
                    <span className="rl-num">{n}</span>
                    {hit({ type: 'straight', numbers: [n] }, 'rl-hit rl-hit--full')}
                    {n <= 33 ? hit({ type: 'split', numbers: [n, n + 3] }, 'rl-hit rl-hit--right') : null}
                    {n % 3 !== 0 ? hit({ type: 'split', numbers: [n, n + 1] }, 'rl-hit rl-hit--top') : null}
                    {n % 3 !== 0 && n <= 33
                      ? hit({ type: 'corner', numbers: [n, n + 1, n + 3, n + 4] }, 'rl-hit rl-hit--corner')
                      : null}
                    {n % 3 === 1
                      ? hit({ type: 'street', numbers: [n, n + 1, n + 2] }, 'rl-hit rl-hit--bottom')
                      : null}
                    {n % 3 === 1 && n <= 31
                      ? hit(
                          { type: 'sixLine', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] },
                          'rl-hit rl-hit--bottom-corner',
                        )
                      : null}
                  </div>
                ))}
                <div className="rl-cell rl-cell--outside">
                  <span className="rl-num">{t('roulette.column')}</span>
                  {hit({ type: 'column', column: (3 - r) as 1 | 2 | 3 }, 'rl-hit rl-hit--full')}
                </div>
              </div>
            ))}
            <div className="rl-row rl-row--dozens">
              {([1, 2, 3] as const).map((d) => (
                <div key={d} className="rl-cell rl-cell--outside rl-cell--dozen">
                  <span className="rl-num">{t(`roulette.dozen${d}`)}</span>
                  {hit({ type: 'dozen', dozen: d }, 'rl-hit rl-hit--full')}
                </div>
              ))}
            </div>
            <div className="rl-row rl-row--even">
              {(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((type) => (
                <div key={type} className={`rl-cell rl-cell--outside rl-cell--${type}`}>
                  <span className="rl-num">
                    {type === 'red' || type === 'black' ? (
                      <span className={`diamond diamond--${type}`} />
                    ) : (
                      t(`roulette.${type}`)
                    )}
                  </span>
                  {hit({ type }, 'rl-hit rl-hit--full')}
                </div>
              ))}
            </div>
          </div>
        </div>
      )}
      <div className="racetrack" data-testid="racetrack">
        <span className="racetrack__title">{t('roulette.racetrack')}</span>
        <div className="racetrack__wheel" dir="ltr">
          {WHEEL_ORDER.map((n) => (
            <button
              key={n}
              type="button"
              className={`pocket pocket--tiny ${pocketClass(n)}${covered.has(n) ? ' rl--covered' : ''}`}
              disabled={!betting}
              onClick={() => void announce({ type: 'neighbours', number: n, count: 2 })}
              title={`${t('roulette.neighbours')} ${n} ±2`}
              aria-label={t('a11y.neighbours', { number: n.toLocaleString(locale) })}
            >
              {n}
            </button>
          ))}
        </div>
        <div className="racetrack__sections">
          {(['voisinsDuZero', 'tiersDuCylindre', 'orphelins', 'jeuZero'] as const).map((type) => (
            <button
              key={type}
              type="button"
              className="btn btn--section"
              disabled={!betting}
              onClick={() => void announce({ type })}
              data-announced={type}
            >
              {t(`roulette.${type}`)}
            </button>
          ))}
        </div>
      </div>
      <LiveBetControls
        chips={chips}
        chip={chip}
        onChip={setChip}
        currency={table.currency}
        betting={betting}
        hasBets={state.myBets.length > 0}
        total={total}
        onUndo={() => void bets.undo()}
        onRepeat={() => void bets.repeat()}
        onDouble={() => void bets.double()}
        hint={
          <span className="hint" data-testid="coverage">
            {t('roulette.covered', { count: covered.size })}
          </span>
        }
      />
    </div>
  );
}

function Bar({
  left,
  right,
  a,
  b,
  zero,
  kind,
  locale,
}: {
  left: string;
  right: string;
  a: number;
  b: number;
  zero: number;
  kind: string;
  locale: string;
}) {
  return (
    <div className={`bar bar--${kind}`}>
      <span className="bar__label">
        {left} {formatPercent(a, locale)}
      </span>
      <div className="bar__track">
        <span className="bar__a" style={{ width: `${a * 100}%` }} />
        <span className="bar__zero" style={{ width: `${zero * 100}%` }} />
        <span className="bar__b" style={{ width: `${b * 100}%` }} />
      </div>
      <span className="bar__label">
        {right} {formatPercent(b, locale)}
      </span>
    </div>
  );
}
