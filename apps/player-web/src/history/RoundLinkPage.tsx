import { useEffect, useState } from 'react';
import { fetchRoundByLink, RoundDetails } from './history-api';
import { useHistoryTranslation } from './history-strings';
import { RoundDetailsView } from './RoundDetailsView';
import './history.css';

/**
 * The round-details page an operator links to (LOBBY_URL?view=round&operator=…&sig=…): it reads the round with
 * the link's signature alone, no player token.
 */
export function RoundLinkPage({ search }: { search: string }) {
  const { t, i18n } = useHistoryTranslation();
  const [round, setRound] = useState<RoundDetails | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchRoundByLink(search).then(setRound, () => setFailed(true));
  }, [search]);
  return (
    <main className="rh-page" data-testid="round-page">
      <h1>{t('history.pageTitle')}</h1>
      {failed ? (
        <p className="notice" data-testid="round-link-error">
          {t('history.linkError')}
        </p>
      ) : null}
      {!failed && !round ? <p className="rh-muted">{t('history.loading')}</p> : null}
      {round ? <RoundDetailsView round={round} locale={i18n.language} /> : null}
    </main>
  );
}
