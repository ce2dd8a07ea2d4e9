import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssuedKey, Operator, OperatorsApi } from '../api/operators';
import { formatDateTime } from '../format/date-time';
import { ReasonDialog } from './ReasonDialog';

type Action =
  | { kind: 'issue' | 'suspend' | 'activate' | 'protocol'; operator: Operator }
  | { kind: 'revoke'; operator: Operator; keyId: string };

/** The wallet protocol version a `protocol` action moves a seamless operator to: the other one. */
const otherProtocol = (o: Operator): 1 | 2 => (o.walletProtocol === 2 ? 1 : 2);

/** The registry: each operator's status, wallet, currencies and keys, with the audited actions on them. */
export function OperatorList({
  api,
  operators,
  onChanged,
  onIssued,
}: {
  api: OperatorsApi;
  operators: Operator[];
  onChanged(notice: string): void;
  onIssued(key: IssuedKey): void;
}) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  const time = (v: string | null) => formatDateTime(v, i18n.language, 'UTC');

  const run = async (a: Action, reason: string) => {
    const id = a.operator.operatorId;
    if (a.kind === 'issue') onIssued(await api.issueKey(id, reason));
    else if (a.kind === 'revoke') await api.revokeKey(id, a.keyId, reason);
    else if (a.kind === 'suspend') await api.suspend(id, reason);
    else if (a.kind === 'protocol') await api.setWalletProtocol(id, otherProtocol(a.operator), reason);
    else await api.activate(id, reason);
    onChanged(
      t(`operators.done.${a.kind}`, {
        id,
        key: a.kind === 'revoke' ? a.keyId : '',
        version: otherProtocol(a.operator),
      }),
    );
  };

  return (
    <>
      {operators.length === 0 && <p className="hint">{t('operators.none')}</p>}
      {operators.length > 0 && (
        <table className="grid operators">
          <thead>
            <tr>
              <th>{t('operators.operator')}</th>
              <th>{t('operators.status')}</th>
              <th>{t('operators.wallet')}</th>
              <th>{t('operators.currencies')}</th>
              <th>{t('operators.keys.title')}</th>
              <th className="num">{t('operators.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {operators.map((o) => (
              <tr key={o.operatorId} data-operator={o.operatorId} data-status={o.status}>
                <td>
                  <strong className="mono">{o.operatorId}</strong>
                  <div>{o.name}</div>
                  <div className="hint small">{t('operators.since', { at: time(o.createdAt) })}</div>
                </td>
                <td>
                  <span className={`badge badge--${o.status}`}>{t(`operators.state.${o.status}`)}</span>
                </td>
                <td>
                  {t(`operators.mode.${o.walletMode}`)}
                  {o.walletUrl && <div className="mono small wrap">{o.walletUrl}</div>}
                  {o.walletMode === 'seamless' && (
                    <div className="small" data-protocol={o.walletProtocol}>
                      {t(`operators.protocol.v${o.walletProtocol}`)}{' '}
                      <button className="link" onClick={() => setAction({ kind: 'protocol', operator: o })}>
                        {t('operators.protocol.switch', { version: otherProtocol(o) })}
                      </button>
                    </div>
                  )}
                </td>
                <td>{o.currencies.join(', ')}</td>
                <td>
                  {o.keys.length === 0 && <span className="hint">{t('operators.keys.none')}</span>}
                  <ul className="keys">
                    {o.keys.map((k) => (
                      <li key={k.keyId} data-key={k.keyId} data-status={k.status}>
                        <span className="mono">{k.keyId}</span>{' '}
                        <span className={`badge badge--${k.status}`}>{t(`operators.keys.${k.status}`)}</span>
                        <span className="hint small">
                          {k.revokedAt
                            ? t('operators.keys.revokedAt', { at: time(k.revokedAt) })
                            : t('operators.keys.issuedAt', { at: time(k.createdAt) })}
                        </span>
                        {k.status === 'active' && (
                          <button
                            className="link danger-link"
                            onClick={() => setAction({ kind: 'revoke', operator: o, keyId: k.keyId })}
                          >
                            {t('operators.keys.revoke')}
                          </button>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="actions">
                  <div>
                    <button onClick={() => setAction({ kind: 'issue', operator: o })}>
                      {t('operators.keys.issue')}
                    </button>
                    {o.status === 'active' ? (
                      <button className="danger" onClick={() => setAction({ kind: 'suspend', operator: o })}>
                        {t('operators.suspend')}
                      </button>
                    ) : (
                      <button onClick={() => setAction({ kind: 'activate', operator: o })}>
                        {t('operators.activate')}
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
        <ReasonDialog
          title={t(`operators.ask.${action.kind}`, {
            id: action.operator.operatorId,
            key: action.kind === 'revoke' ? action.keyId : '',
            version: otherProtocol(action.operator),
          })}
          warning={t(`operators.warn.${action.kind}`)}
          danger={action.kind === 'revoke' || action.kind === 'suspend'}
          onConfirm={(reason) => run(action, reason)}
          onClose={() => setAction(null)}
        />
      )}
    </>
  );
}
