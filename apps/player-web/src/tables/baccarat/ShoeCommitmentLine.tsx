import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevealedShoe, ShoeCommitment } from './baccarat-state';
import { verifyRevealedShoe } from './shoe-verify';

/** The shoe's commitment (hash published before the first card), and once revealed a "verify" link. */
export function ShoeCommitmentLine({
  shoeId,
  commitment,
  revealed,
  revealUrl,
}: {
  shoeId: string | null;
  commitment: ShoeCommitment | null;
  revealed: RevealedShoe | null;
  revealUrl: string | null;
}) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<'idle' | 'checking' | 'ok' | 'failed'>('idle');
  if (!commitment && !revealed) return null;
  return (
    <div className="commitment" data-testid="commitment" title={t('baccarat.commitmentHint')}>
      <span className="commitment__label">{t('baccarat.commitment')}</span>
      {commitment ? (
        <code className="commitment__hash" data-shoe={shoeId ?? ''}>
          {commitment.hash.slice(0, 16)}…
        </code>
      ) : null}
      {revealed ? (
        <>
          <button
            type="button"
            className="link"
            data-testid="verify"
            onClick={() => {
              setCheck('checking');
              void verifyRevealedShoe(revealed).then((ok) => setCheck(ok ? 'ok' : 'failed'));
            }}
          >
            {t('baccarat.verify')} ({revealed.shoeId.slice(0, 8)})
          </button>
          {revealUrl ? (
            <a className="link" href={revealUrl} target="_blank" rel="noreferrer">
              {t('baccarat.revealJson')}
            </a>
          ) : null}
          {check === 'checking' ? <span>{t('baccarat.verifying')}</span> : null}
          {check === 'ok' ? <span className="ok">✓ {t('baccarat.verified')}</span> : null}
          {check === 'failed' ? <span className="bad">✗ {t('baccarat.verifyFailed')}</span> : null}
        </>
      ) : null}
    </div>
  );
}
