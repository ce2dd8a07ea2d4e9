import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssuedKey } from '../api/operators';

/**
 * A just-issued API key's secret, shown this once: the ledger keeps only its sealed form and no list or audit
 * line carries it. Dismissing the box drops it from the page.
 */
export function IssuedSecret({ issued, onDismiss }: { issued: IssuedKey; onDismiss(): void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const box = useRef<HTMLElement>(null);
  // Issued from the form at the foot of the page or a row far below: bring the box into view.
  // (Block body: newer browsers' scrollIntoView returns a promise, which React would call as the cleanup.)
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
  }, [issued.keyId]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.secret);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin, permission refused): the text stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    <section
      ref={box}
      className="secret-box"
      role="alert"
      aria-label={t('operators.secret.title')}
      data-key={issued.keyId}
    >
      <h3>{t('operators.secret.title')}</h3>
      <p className="warning">{t('operators.secret.warning')}</p>
      <dl className="facts">
        <dt>{t('operators.operator')}</dt>
        <dd className="mono">{issued.operatorId}</dd>
        <dt>{t('operators.keys.id')}</dt>
        <dd className="mono">{issued.keyId}</dd>
        <dt>{t('operators.secret.secret')}</dt>
        <dd>
          <code className="secret" data-secret>
            {issued.secret}
          </code>
        </dd>
      </dl>
      <div className="row">
        <button type="button" onClick={() => void copy()}>
          {copied ? t('operators.secret.copied') : t('operators.secret.copy')}
        </button>
        {copied === false && <span className="error">{t('operators.secret.copyFailed')}</span>}
        <button type="button" className="link" onClick={onDismiss}>
          {t('operators.secret.dismiss')}
        </button>
      </div>
    </section>
  );
}
