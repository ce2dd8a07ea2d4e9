import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStudioKey, publicKeyPem, storedStudioKey } from './studio-key';

export interface StudioKey {
  /** This browser's key pair for the table, null without one (results go out unsigned). */
  pair: CryptoKeyPair | null;
  pem: string | null;
  error: string | null;
  create(): Promise<void>;
}

/** The table's signing key kept by this browser (studio-key.ts), loaded once per table. */
export function useStudioKey(tableId: string): StudioKey {
  const [pair, setPair] = useState<CryptoKeyPair | null>(null);
  const [pem, setPem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = useCallback(async (p: CryptoKeyPair | null) => {
    setPair(p);
    setPem(p ? await publicKeyPem(p) : null);
  }, []);
  useEffect(() => {
    storedStudioKey(tableId).then(show, (err) => setError(String(err)));
  }, [tableId, show]);
  const create = useCallback(async () => {
    try {
      await show(await createStudioKey(tableId));
      setError(null);
    } catch (err) {
      setError(String(err));
    }
  }, [tableId, show]);
  return { pair, pem, error, create };
}

/** The console's signing key of the table: make one, show its public key for a pit boss to register. */
export function StudioKeyPanel({ studioKey }: { studioKey: StudioKey }) {
  const { t } = useTranslation();
  const { pem, error } = studioKey;
  const create = () => {
    if (pem && !window.confirm(t('studio.key.replaceWarning'))) return;
    void studioKey.create();
  };
  return (
    <div className="panel console__key" data-testid="studio-key">
      <h3>{t('studio.key.title')}</h3>
      {error && <p className="error">{t('studio.key.unsupported', { reason: error })}</p>}
      {pem ? (
        <>
          <p className="notice">{t('studio.key.ready')}</p>
          <label>
            {t('studio.key.publicKey')}
            <textarea name="studioPublicKey" className="mono" readOnly rows={4} value={pem} />
          </label>
        </>
      ) : (
        <p>{t('studio.key.none')}</p>
      )}
      <div className="buttons">
        {pem && (
          <button onClick={() => void navigator.clipboard?.writeText(pem)}>{t('studio.key.copy')}</button>
        )}
        <button className={pem ? 'danger' : undefined} onClick={create}>
          {pem ? t('studio.key.replace') : t('studio.key.create')}
        </button>
      </div>
    </div>
  );
}
