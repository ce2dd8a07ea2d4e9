import { describeError } from '../ui/use-load';
import { gameDefinition, gamesOfService } from '@casino/games';
import { SignInForm } from '@casino/web-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DealerSession, Game, GAMES, login, serviceUrlFor } from './dealer-api';
import { TableConsole } from './TableConsole';
import { TablePicker } from './TablePicker';

const KEY = 'casino.studio.session';

/** The signed-in service: the game's own, or the service's name when it runs several games (`studio-games`). */
function serviceName(game: Game): string {
  const service = gameDefinition(game).service;
  return gamesOfService(service).length > 1 ? service : game;
}

function loadSession(): DealerSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as DealerSession | null;
    return s && Date.parse(s.expiresAt) > Date.now() ? s : null;
  } catch {
    return null;
  }
}

/** The studio console: a dealer's (or pit boss's) sign-in on a game service, the table list, one table's console. */
export function StudioApp() {
  const { t } = useTranslation();
  const [session, setSession] = useState<DealerSession | null>(loadSession);
  const [tableId, setTableId] = useState<string | null>(null);
  const signOut = () => {
    sessionStorage.removeItem(KEY);
    setSession(null);
    setTableId(null);
  };
  if (!session)
    return (
      <StudioLogin
        onSignedIn={(s) => {
          sessionStorage.setItem(KEY, JSON.stringify(s));
          setSession(s);
        }}
      />
    );
  return (
    <div className="shell studio">
      <header className="topbar">
        <strong className="brand">{t('app.studio')}</strong>
        <span>{serviceName(session.game)}</span>
        {tableId && (
          <button className="link" onClick={() => setTableId(null)}>
            {t('studio.back')}
          </button>
        )}
        <span className="who">{t('app.signedInAs', { name: session.dealer.displayName })}</span>
        <button className="link" onClick={signOut}>
          {t('app.signOut')}
        </button>
      </header>
      <main className="content">
        {tableId ? (
          <TableConsole session={session} tableId={tableId} onExpired={signOut} />
        ) : (
          <TablePicker session={session} onPick={setTableId} />
        )}
      </main>
    </div>
  );
}

function StudioLogin({ onSignedIn }: { onSignedIn(s: DealerSession): void }) {
  const { t } = useTranslation();
  const [game, setGame] = useState<Game>(GAMES[0]);
  const [dealerId, setDealerId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(dealerId) || password.length < 1 || password.length > 256) {
      return setError(t('common.required'));
    }
    const serviceUrl = serviceUrlFor(game);
    if (!serviceUrl)
      return setError(t('login.failed', { reason: `no address of the ${game} service (?${game}=…)` }));
    setBusy(true);
    try {
      onSignedIn(await login(game, serviceUrl, dealerId, password));
    } catch (err) {
      setError(t('login.failed', { reason: describeError(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SignInForm
      title={t('studio.login')}
      submitLabel={t('studio.signIn')}
      error={error}
      busy={busy}
      onSubmit={submit}
    >
      <label>
        {t('studio.service')}
        <select name="game" value={game} onChange={(e) => setGame(e.target.value as Game)}>
          {GAMES.map((g) => (
            <option key={g}>{g}</option>
          ))}
        </select>
      </label>
      <label>
        {t('studio.dealerId')}
        <input
          name="dealerId"
          autoComplete="username"
          value={dealerId}
          onChange={(e) => setDealerId(e.target.value)}
        />
      </label>
      <label>
        {t('studio.password')}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
    </SignInForm>
  );
}
