import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../ui/use-load';

/**
 * Asks why before an audited change (the ledger records the reason with the staff member's name) and runs it;
 * the dialog stays open with the refusal when the ledger says no.
 */
export function ReasonDialog({
  title,
  warning,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What the change does, said before it is done. */
  warning?: string;
  danger?: boolean;
  onConfirm(reason: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    const why = reason.trim();
    if (why.length < 3 || why.length > 1000) return setError(t('operators.reasonRequired'));
    setBusy(true);
    try {
      await onConfirm(why);
      onClose();
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };
  return (
    <div className="dialog" role="dialog" aria-label={title}>
      <h3>{title}</h3>
      {warning && <p className="warning">{warning}</p>}
      <label>
        {t('operators.reason')}
        <textarea
          name="reason"
          value={reason}
          maxLength={1000}
          autoFocus
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button className={danger ? 'danger' : ''} disabled={busy} onClick={() => void confirm()}>
          {t('attention.confirm')}
        </button>
        <button onClick={onClose}>{t('attention.cancel')}</button>
      </div>
    </div>
  );
}
