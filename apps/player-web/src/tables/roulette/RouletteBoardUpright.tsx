import { useTranslation } from 'react-i18next';
import type { RouletteSpec } from './roulette-state';
import { pocketClass } from './pocket';

type Hit = (spec: RouletteSpec, className: string) => React.ReactNode;

const EVEN_MONEY = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

/**
 * The layout held upright (phones): zero at the top, twelve rows of three numbers, the columns' bets at the
 * bottom, dozens and even-money bets down the side, as mobile live-casino clients turn it. Every spot of the wide
 * layout is here with the same `data-spot`; split, corner, street and six-line spots sit on the lines between numbers.
 */
export function RouletteBoardUpright({
  hit,
  covered,
  pocket,
}: {
  hit: Hit;
  covered: ReadonlySet<number>;
  /** The pocket of the result shown, marked on the board (on a phone the wheel is further down). */
  pocket: number | null;
}) {
  const { t } = useTranslation();
  const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
  return (
    <div className="rl-upright" dir="ltr" data-testid="roulette-upright">
      <div
        className={`rl-up-zero pocket--green${covered.has(0) ? ' rl--covered' : ''}${pocket === 0 ? ' rl-cell--won' : ''}`}
        style={{ gridColumn: '3 / 6', gridRow: 1 }}
      >
        <span className="rl-num">0</span>
        {hit({ type: 'straight', numbers: [0] }, 'rl-hit rl-hit--full')}
      </div>
      {numbers.map((n) => {
        const inRow = (n - 1) % 3;
        return (
          <div
            key={n}
            className={`rl-cell rl-up-cell ${pocketClass(n)}${covered.has(n) ? ' rl--covered' : ''}${pocket === n ? ' rl-cell--won' : ''}`}
            style={{ gridColumn: 3 + inRow, gridRow: 2 + Math.floor((n - 1) / 3) }}
            data-number={n}
          >
            <span className="rl-num">{n}</span>
            {hit({ type: 'straight', numbers: [n] }, 'rl-hit rl-hit--full')}
            {n <= 33 ? hit({ type: 'split', numbers: [n, n + 3] }, 'rl-hit rl-hit--bottom') : null}
            {inRow !== 2 ? hit({ type: 'split', numbers: [n, n + 1] }, 'rl-hit rl-hit--right') : null}
            {inRow !== 2 && n <= 33
              ? hit({ type: 'corner', numbers: [n, n + 1, n + 3, n + 4] }, 'rl-hit rl-hit--bottom-corner')
              : null}
            {inRow === 0 ? hit({ type: 'street', numbers: [n, n + 1, n + 2] }, 'rl-hit rl-hit--left') : null}
            {inRow === 0 && n <= 31
              ? hit(
                  { type: 'sixLine', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] },
                  'rl-hit rl-hit--bottom-left',
                )
              : null}
          </div>
        );
      })}
      {([1, 2, 3] as const).map((column) => (
        <div
          key={`c${column}`}
          className="rl-cell rl-cell--outside rl-up-column"
          style={{ gridColumn: 2 + column, gridRow: 14 }}
        >
          <span className="rl-num">{t('roulette.column')}</span>
          {hit({ type: 'column', column }, 'rl-hit rl-hit--full')}
        </div>
      ))}
      {([1, 2, 3] as const).map((dozen) => (
        <div
          key={`d${dozen}`}
          className="rl-cell rl-cell--outside rl-up-side"
          style={{ gridColumn: 2, gridRow: `${2 + 4 * (dozen - 1)} / span 4` }}
        >
          <span className="rl-num rl-up-vertical">{t(`roulette.dozen${dozen}`)}</span>
          {hit({ type: 'dozen', dozen }, 'rl-hit rl-hit--full')}
        </div>
      ))}
      {EVEN_MONEY.map((type, i) => (
        <div
          key={type}
          className={`rl-cell rl-cell--outside rl-up-side rl-cell--${type}`}
          style={{ gridColumn: 1, gridRow: `${2 + 2 * i} / span 2` }}
        >
          <span className="rl-num rl-up-vertical">
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
  );
}
