import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../app/session';
import { describeError } from '../ui/use-load';

/**
 * A pit boss registers (or removes) a live table's studio key: the public key the studio console shows for the
 * table (docs/dealers.md#signed-results). From then on the ledger settles the table's results only when signed by
 * that console (docs/kafka-security.md#signed-live-results).
 */
export function ResultKeyForm({ tableId, onTable }: { tableId: string; onTable(id: string): void }) {
  const { t } = useTranslation();
  const { ledger } = useApp();
  const [publicKey, setPublicKey] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (register: boolean) => {
    setError(null);
    setNotice(null);
    if (!tableId || reason.trim().length < 3 || (register && !publicKey.includes('PUBLIC KEY')))
      return setError(t('common.required'));
    try {
      if (register) await ledger.putResultKey(tableId, publicKey.trim(), reason.trim());
      else await ledger.removeResultKey(tableId, reason.trim());
      setNotice(t(register ? 'tables.keyRegistered' : 'tables.keyRemoved', { id: tableId }));
    } catch (err) {
      setError(describeError(err));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(true);
  };
  return (
    <form className="panel form" onSubmit={submit} aria-label={t('tables.resultKey')}>
      <h2>{t('tables.resultKey')}</h2>
      <p className="small">{t('tables.resultKeyHint')}</p>
      <label>
        {t('tables.id')}
        <input name="keyTableId" value={tableId} maxLength={64} onChange={(e) => onTable(e.target.value)} />
      </label>
      <label>
        {t('studio.key.publicKey')}
        <textarea
          name="resultPublicKey"
          className="mono"
          rows={4}
          value={publicKey}
          onChange={(e) => setPublicKey(e.target.value)}
        />
      </label>
      <label>
        {t('tables.reason')}
        <input name="keyReason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="submit">{t('tables.registerKey')}</button>
        <button type="button" className="danger" onClick={() => void act(false)}>
          {t('tables.removeKey')}
        </button>
      </div>
    </form>
  );
}
