import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Voids } from '../api/ledger';
import { hashOf } from '../app/route';
import { useApp } from '../app/session';
import { useLoad } from '../ui/use-load';
import { ReasonDialog } from './ReasonDialog';

type Target = { tableId: string; roundId: string };

/**
 * Voids after betting closed (docs/ledger.md#voids-after-betting-closed): the voids the ledger held for want of a
 * pit boss's approval and the approvals given. A pit boss approves a held void (applied at once) or any round's
 * void ahead of the dealer's (the approval id goes to the dealer console).
 */
export function VoidsPage() {
  const { t } = useTranslation();
  const { ledger, session } = useApp();
  const load = useLoad(() => ledger.voids(), [ledger]);
  const [target, setTarget] = useState<Target | null>(null);
  const [typed, setTyped] = useState<Target>({ tableId: '', roundId: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const canApprove = session.permissions.includes('rounds.approve-void');
  const data: Voids | null = load.data;
  const link = (r: Target) => (
    <a href={hashOf('rounds', r.tableId, r.roundId)}>
      {r.tableId} · {r.roundId}
    </a>
  );
  return (
    <section className="panel">
      <div className="row">
        <h2>{t('voids.title')}</h2>
        <button onClick={load.reload}>{t('attention.refresh')}</button>
      </div>
      <p className="hint">{t('voids.hint')}</p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
      {canApprove && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.tableId.trim() && typed.roundId.trim())
              setTarget({ tableId: typed.tableId.trim(), roundId: typed.roundId.trim() });
          }}
        >
          <input
            name="tableId"
            placeholder={t('voids.tableId')}
            value={typed.tableId}
            onChange={(e) => setTyped({ ...typed, tableId: e.target.value })}
          />
          <input
            name="roundId"
            placeholder={t('voids.roundId')}
            value={typed.roundId}
            onChange={(e) => setTyped({ ...typed, roundId: e.target.value })}
          />
          <button type="submit">{t('voids.approveRound')}</button>
        </form>
      )}
      {data && (
        <>
          <h3>{t('voids.held')}</h3>
          {data.held.length === 0 && <p className="hint">{t('voids.none')}</p>}
          {data.held.length > 0 && (
            <table className="grid" data-list="held-voids">
              <thead>
                <tr>
                  <th>{t('voids.round')}</th>
                  <th>{t('voids.reason')}</th>
                  <th>{t('voids.state')}</th>
                  <th>{t('voids.heldAt')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.held.map((h) => (
                  <tr key={h.eventId} data-round={h.roundId}>
                    <td>{link(h)}</td>
                    <td className="problem">
                      {h.reason}
                      {h.message ? `: ${h.message}` : ''} ({h.code})
                    </td>
                    <td>
                      <span className={`badge badge--${h.state}`}>{h.state}</span>
                    </td>
                    <td>{h.heldAt}</td>
                    <td className="actions">
                      {canApprove && h.state === 'pending' && (
                        <button onClick={() => setTarget(h)}>{t('voids.approve')}</button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t('voids.approvals')}</h3>
          {data.approvals.length === 0 && <p className="hint">{t('voids.none')}</p>}
          {data.approvals.length > 0 && (
            <table className="grid" data-list="void-approvals">
              <thead>
                <tr>
                  <th>{t('voids.round')}</th>
                  <th>{t('voids.reason')}</th>
                  <th>{t('voids.approvedBy')}</th>
                  <th>{t('voids.approvalId')}</th>
                  <th>{t('voids.applied')}</th>
                </tr>
              </thead>
              <tbody>
                {data.approvals.map((a) => (
                  <tr key={a.approvalId} data-round={a.roundId}>
                    <td>{link(a)}</td>
                    <td className="problem">{a.reason}</td>
                    <td>
                      {a.approvedBy} · {a.approvedAt}
                    </td>
                    <td className="mono">{a.approvalId}</td>
                    <td className="mono">{a.appliedEventId ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {target && (
        <ReasonDialog
          title={`${t('voids.approve')} ${target.tableId} · ${target.roundId}`}
          warning={t('voids.approveWarning')}
          danger
          onConfirm={async (reason) => {
            const { approval } = await ledger.approveVoid(target.tableId, target.roundId, reason);
            setNotice(t('voids.approved', { round: target.roundId, id: approval.approvalId }));
            load.reload();
          }}
          onClose={() => setTarget(null)}
        />
      )}
    </section>
  );
}
