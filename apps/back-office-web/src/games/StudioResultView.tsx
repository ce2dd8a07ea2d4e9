import { PlayingCard } from '@casino/web-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitmentOfSeed, FairSeeds, StudioResultParts } from './studio-result';

/** Die faces as drawn on a dice plate (U+2680..2685), with the number beside for the screen reader. */
const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** A studio game's result: the two cards on their sides and the winner, the dice and their total, the bead count. */
export function StudioResultView({ parts }: { parts: StudioResultParts }) {
  const { t } = useTranslation();
  if (parts.kind === 'duel') {
    return (
      <div className="studio-result" data-result="duel">
        <div className="hands">
          {parts.hands.map((h, i) => (
            <div
              key={h.side}
              className={`hand ${i === 0 ? 'hand--player' : 'hand--banker'}${h.side === parts.winner ? ' hand--won' : ''}`}
              data-side={h.side}
            >
              <span className="hand__name">{h.side}</span>
              <div className="cards">
                <PlayingCard card={h.card} />
              </div>
            </div>
          ))}
        </div>
        <p className="studio-result__verdict" data-testid="winner">
          {parts.winner === 'tie' ? t('round.tie') : t('round.wins', { side: parts.winner })}
        </p>
      </div>
    );
  }
  if (parts.kind === 'dice') {
    return (
      <div className="studio-result" data-result="dice">
        <div className="dice">
          {parts.dice.map((d, i) => (
            <span key={i} className="die" data-die={d} aria-label={String(d)}>
              <span className="die__face">{FACES[d - 1] ?? '?'}</span>
              <span className="die__number">{d}</span>
            </span>
          ))}
        </div>
        <p className="studio-result__verdict" data-testid="dice-total">
          {t('round.diceTotal', { dice: parts.dice.join(' + '), total: parts.total })}
        </p>
      </div>
    );
  }
  return (
    <div className="studio-result" data-result="beads">
      <dl className="facts big">
        <dt>{t('round.beadCount')}</dt>
        <dd data-testid="bead-count">{parts.count}</dd>
        <dt>{t('round.beadResult')}</dt>
        <dd data-testid="bead-result">{parts.result}</dd>
      </dl>
    </div>
  );
}

/** A provably fair round's revealed seeds and the commitment they hash to (computed here from the seed). */
export function FairSeedsView({ fair }: { fair: FairSeeds }) {
  const { t } = useTranslation();
  const [hash, setHash] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void commitmentOfSeed(fair.serverSeed).then((h) => live && setHash(h));
    return () => {
      live = false;
    };
  }, [fair.serverSeed]);
  return (
    <dl className="facts fair" aria-label={t('round.fair')}>
      <dt>{t('round.serverSeedHash')}</dt>
      <dd className="mono wrap" data-testid="seed-hash">
        {hash ?? '—'}
      </dd>
      <dt>{t('round.serverSeed')}</dt>
      <dd className="mono wrap" data-testid="server-seed">
        {fair.serverSeed}
      </dd>
      <dt>{t('round.clientSeed')}</dt>
      <dd className="mono wrap">{fair.clientSeed}</dd>
      <dt>{t('round.nonce')}</dt>
      <dd className="mono">{fair.nonce}</dd>
    </dl>
  );
}
