import { useTranslation } from 'react-i18next';
import type { GameTable } from '../../net/use-game-table';

/** Reconnecting, or why the table cannot be played (session expired or revoked, token refused). */
export function ConnectionBanner({ game }: { game: GameTable }) {
  const { t } = useTranslation();
  if (game.end) {
    const text =
      game.end.kind === 'expired'
        ? t('app.sessionExpired')
        : game.end.kind === 'revoked'
          ? t('app.sessionRevoked')
          : t(`errors.${game.end.message}`, { defaultValue: t('errors.UNAUTHENTICATED') });
    return (
      <div className="conn-banner conn-banner--end" data-testid="session-end">
        {text}
      </div>
    );
  }
  if (game.status === 'reconnecting' || game.status === 'closed')
    return (
      <div className="conn-banner" data-testid="reconnecting" data-status={game.status}>
        {t('app.reconnecting')}
      </div>
    );
  if (game.status === 'connecting')
    return <div className="conn-banner conn-banner--quiet">{t('app.connecting')}</div>;
  return null;
}
