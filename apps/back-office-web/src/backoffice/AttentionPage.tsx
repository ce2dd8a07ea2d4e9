import { describeError } from '../ui/use-load';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttentionRound, itemsOf } from '../api/ledger';
import { hashOf } from '../app/route';
import { useApp } from '../app/session';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useLoad } from '../ui/use-load';

type Action = { kind: 'void' | 'resubmit'; round: AttentionRound };

/** Disputed and stuck rounds; a supervisor voids (refunds every stake) or resubmits a result, with a reason. */
export function AttentionPage() {
  const { t, i18n } = useTranslation();
  const { ledger } = useApp();
  const load = useLoad(async () => itemsOf<AttentionRound>(await ledger.attention()), [ledger]);
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="panel">
      <div className="row">
        <h2>{t('attention.title')}</h2>
        <button onClick={load.reload}>{t('attention.refresh')}</button>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
      {load.data?.length === 0 && <p className="hint">{t('attention.none')}</p>}
      {load.data && load.data.length > 0 && (
        <table className="grid">
          <thead>
            <tr>
              <th>{t('round.round')}</th>
              <th>{t('round.status')}</th>
              <th>{t('round.problem')}</th>
              <th className="num">{t('round.bets')}</th>
              <th className="num">{t('round.staked')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {load.data.map((r) => (
              <tr key={`${r.tableId}/${r.roundId}`} data-round={r.roundId}>
                <td>
                  <a href={hashOf('rounds', r.tableId, r.roundId)}>
                    {r.tableId} · {r.roundId}
                  </a>
                </td>
                <td>
                  <span className={`badge badge--${r.attention}`}>{r.attention}</span>
                  {r.status !== r.attention ? ` ${r.status}` : ''}
                </td>
                <td className="problem">{r.problem ?? '—'}</td>
                <td className="num">{r.betCount}</td>
                <td className="num">{formatMoney(r.totalStaked, r.currency, i18n.language)}</td>
                <td className="actions">
                  <div>
                    <button onClick={() => setAction({ kind: 'void', round: r })}>
                      {t('attention.void')}
                    </button>
                    {r.attention === 'disputed' && (
                      <button onClick={() => setAction({ kind: 'resubmit', round: r })}>
                        {t('attention.resubmit')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {action && (
        <InterventionDialog
          action={action}
          onClose={(status) => {
            setAction(null);
            if (status) {
              setNotice(t('attention.done', { round: action.round.roundId, status }));
              load.reload();
            }
          }}
        />
      )}
    </section>
  );
}

function InterventionDialog({ action, onClose }: { action: Action; onClose(status: string | null): void }) {
  const { t } = useTranslation();
  const { ledger, session } = useApp();
  const [reason, setReason] = useState('');
  const [result, setResult] = useState(`{"game":"${action.round.game}"}`);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { tableId, roundId } = action.round;
  const confirm = async () => {
    const why = reason.trim();
    if (why.length < 3 || why.length > 500) return setError(t('attention.reasonRequired'));
    setBusy(true);
    try {
      const answer =
        action.kind === 'void'
          ? await ledger.voidRound(tableId, roundId, session.user, why)
          : await ledger.resubmit(tableId, roundId, session.user, why, JSON.parse(result) as unknown);
      const status = (answer as { statusAfter?: string })?.statusAfter ?? action.kind;
      onClose(String(status));
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="dialog" role="dialog" aria-label={t(`attention.${action.kind}`)}>
      <h3>
        {t(`attention.${action.kind}`)} {tableId} · {roundId}
      </h3>
      <label>
        {t('attention.reason')}
        <textarea name="reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      {action.kind === 'resubmit' && (
        <label>
          {t('attention.result')}
          <textarea
            name="result"
            className="mono"
            value={result}
            onChange={(e) => setResult(e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button className="danger" disabled={busy} onClick={() => void confirm()}>
          {t('attention.confirm')}
        </button>
        <button onClick={() => onClose(null)}>{t('attention.cancel')}</button>
      </div>
    </div>
  );
}
