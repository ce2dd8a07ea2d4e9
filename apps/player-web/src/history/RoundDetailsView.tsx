import { gameDefinition, isGameId } from '@casino/games';
import { formatMoney } from '@packages/wallet/src/money-display';
import { gameClient, gameName } from '../games/clients';
import type { HistoryBet, RoundDetails } from './history-api';
import { useHistoryTranslation } from './history-strings';
import { plainTranslate, type Translate } from '../i18n/translate';

type T = Translate;

/** A bet in the player's words: "Player", "Red", "Straight 17", "Seat 2 · Double" (the game's client says). */
export function betName(t: T, game: string, bet: Record<string, unknown>): string {
  const client = gameClient(game);
  return client ? client.betName(t, bet) : JSON.stringify(bet);
}

/** A round's details as the player sees them: result, their bets and payouts, the shoe's commitment. */
export function RoundDetailsView({ round, locale }: { round: RoundDetails; locale: string }) {
  const t = plainTranslate(useHistoryTranslation().t);
  const money = (minor: string) => formatMoney(minor, round.currency, locale);
  const net = BigInt(round.returned) - BigInt(round.staked);
  return (
    <div className="rh-details" data-testid="round-details" data-round={round.roundId}>
      <dl className="rh-facts">
        <dt>{gameName(t, round.game)}</dt>
        <dd>
          {t('history.table')} {round.tableId}
        </dd>
        <dt>{t('history.round')}</dt>
        <dd className="rh-mono">{round.roundId}</dd>
        <dt>{t('history.played')}</dt>
        <dd>{new Date(round.openedAt).toLocaleString(locale)}</dd>
        <dt>{t('history.state')}</dt>
        <dd>{t(`history.status.${round.status}`, { defaultValue: round.status })}</dd>
      </dl>

      <section className="rh-section" aria-label={t('history.result')}>
        <ResultView round={round} t={t} />
      </section>

      <section className="rh-section">
        <h3>{t('history.yourBets')}</h3>
        <table className="rh-bets">
          <thead>
            <tr>
              <th>{t('history.bet')}</th>
              <th className="rh-num">{t('history.stake')}</th>
              <th className="rh-num">{t('history.paid')}</th>
            </tr>
          </thead>
          <tbody>
            {round.bets.map((b: HistoryBet) => (
              <tr key={b.betId} data-bet-status={b.status}>
                <td>
                  {betName(t, round.game, b.bet)}
                  {b.status !== 'settled' ? (
                    <span className="rh-tag">
                      {t(`history.status.${b.status}`, { defaultValue: b.status })}
                    </span>
                  ) : null}
                </td>
                <td className="rh-num">{money(b.stake)}</td>
                <td className={`rh-num${BigInt(b.returned ?? '0') > 0n ? ' rh-win' : ''}`}>
                  {b.returned === null ? '—' : money(b.returned)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>{t('history.total')}</th>
              <td className="rh-num">{money(round.staked)}</td>
              <td className="rh-num" data-testid="round-paid">
                {money(round.returned)}
              </td>
            </tr>
            <tr>
              <th>{t('history.net')}</th>
              <td />
              <td className={`rh-num${net > 0n ? ' rh-win' : ''}`}>
                <bdi dir="ltr">
                  {net > 0n ? '+' : ''}
                  {money(net.toString())}
                </bdi>
              </td>
            </tr>
          </tfoot>
        </table>
      </section>

      <SeedsView round={round} t={t} />

      {round.shoe ? (
        <section className="rh-section" data-testid="round-shoe">
          <h3>
            {t('history.shoe')} {round.shoe.shoeId}
          </h3>
          <p className="rh-label">{t('history.commitment')}</p>
          <p className="rh-mono rh-hash">{round.shoe.hash ?? '—'}</p>
          {round.shoe.reveal ? (
            <details className="rh-reveal">
              <summary>{t('history.revealed')}</summary>
              <p className={round.shoe.reveal.verified ? 'rh-ok' : 'rh-bad'}>
                {round.shoe.reveal.verified ? t('history.verified') : t('history.notVerified')}
              </p>
              <p className="rh-label">{t('history.salt')}</p>
              <p className="rh-mono rh-hash">{round.shoe.reveal.salt}</p>
              <p className="rh-mono rh-order">{round.shoe.reveal.order.join(' ')}</p>
            </details>
          ) : (
            <p className="rh-muted">{t('history.notRevealed')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

function ResultView({ round, t }: { round: RoundDetails; t: T }) {
  const r = round.result;
  if (!r) return <p className="rh-muted">{t('history.noResult')}</p>;
  const View = gameClient(round.game)?.ResultView;
  return View ? (
    <View result={r as Record<string, unknown>} t={t} />
  ) : (
    <pre className="rh-mono">{JSON.stringify(r)}</pre>
  );
}

/** The revealed seeds a seeded game's result carries (`fair`, the definition's FairReveal), or null. */
function seedsOf(result: unknown): { serverSeed: string; clientSeed: string; nonce: number } | null {
  const fair = (result as { fair?: unknown } | null)?.fair as Record<string, unknown> | undefined;
  return fair &&
    typeof fair.serverSeed === 'string' &&
    typeof fair.clientSeed === 'string' &&
    typeof fair.nonce === 'number'
    ? { serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, nonce: fair.nonce }
    : null;
}

/** A provably fair round's seeds and scheme, for a game whose definition draws automatic rounds from seeds. */
function SeedsView({ round, t }: { round: RoundDetails; t: T }) {
  const draw = isGameId(round.game) ? gameDefinition(round.game).automaticDraw : null;
  const seeds = seedsOf(round.result);
  if (draw?.kind !== 'seeded' || !seeds) return null;
  return (
    <section className="rh-section" data-testid="round-seeds">
      <h3>{t('history.seeds')}</h3>
      <p className="rh-muted">{t('history.seedsNote')}</p>
      <dl className="rh-facts">
        <dt>{t('history.scheme')}</dt>
        <dd className="rh-mono">{draw.scheme}</dd>
        <dt>{t('history.serverSeed')}</dt>
        <dd className="rh-mono rh-hash">{seeds.serverSeed}</dd>
        <dt>{t('history.clientSeed')}</dt>
        <dd className="rh-mono">{seeds.clientSeed}</dd>
        <dt>{t('history.nonce')}</dt>
        <dd className="rh-mono">{seeds.nonce}</dd>
      </dl>
    </section>
  );
}
