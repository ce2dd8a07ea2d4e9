import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LedgerApi } from '../api/ledger';
import { staffLogout } from '../api/staff';
import { hashOf, useHashRoute } from '../app/route';
import { AppContext, loadSession, saveSession, Session } from '../app/session';
import { AttentionPage } from './AttentionPage';
import { DashboardPage } from './DashboardPage';
import { LoginPage } from './LoginPage';
import { OperatorsPage } from './OperatorsPage';
import { PlayerPage } from './PlayerPage';
import { ReportsPage } from './ReportsPage';
import { RoundPage } from './RoundPage';
import { TablesPage } from './TablesPage';
import { VoidsPage } from './VoidsPage';

// Each page and the permission that opens it (docs/back-office.md "Roles and permissions"); null: every role.
const PAGES: [string, string | null][] = [
  ['dashboard', null],
  ['reports', 'reports.financial'],
  ['rounds', 'rounds.read'],
  ['players', 'players.read'],
  ['attention', 'rounds.intervene'],
  ['voids', 'rounds.intervene'],
  ['tables', 'tables.read'],
  ['operators', 'operators.manage'],
];

export function App() {
  const { t } = useTranslation();
  const [session, setSession] = useState<Session | null>(loadSession);
  const route = useHashRoute();
  const context = useMemo(
    () =>
      session && {
        session,
        ledger: new LedgerApi(session.token),
        navigate: (hash: string) => {
          window.location.hash = hash;
        },
      },
    [session],
  );
  if (!session || !context) {
    return (
      <LoginPage
        onSignedIn={(s) => {
          saveSession(s);
          setSession(s);
        }}
      />
    );
  }
  const [page = 'dashboard', ...args] = route;
  const allowed = (p: string) => {
    const need = PAGES.find(([name]) => name === p)?.[1];
    return !need || session.permissions.includes(need);
  };
  return (
    <AppContext.Provider value={context}>
      <div className="shell">
        <header className="topbar">
          <strong className="brand">{t('app.title')}</strong>
          <nav>
            {PAGES.filter(([p]) => allowed(p)).map(([p]) => (
              <a key={p} href={hashOf(p)} className={p === page ? 'active' : ''}>
                {t(`nav.${p}`)}
              </a>
            ))}
            <a href="studio/">{t('app.studio')}</a>
          </nav>
          <span className="who">
            {t('app.signedInAs', { name: session.user })} · {session.role}
            {session.operatorId ? ` · ${session.operatorId}` : ''}
          </span>
          <button
            className="link"
            onClick={() => {
              void staffLogout(session.token).catch(() => undefined);
              saveSession(null);
              setSession(null);
            }}
          >
            {t('app.signOut')}
          </button>
        </header>
        <main className="content">
          {/* A typed or bookmarked address of a page the role does not open: said, not half-rendered. */}
          {allowed(page) ? pageFor(page, args) : <p className="panel hint">{t('app.notPermitted')}</p>}
        </main>
      </div>
    </AppContext.Provider>
  );
}

function pageFor(page: string, args: string[]) {
  switch (page) {
    case 'rounds':
      return <RoundPage key={args.join('/')} tableId={args[0] ?? ''} roundId={args[1] ?? ''} />;
    case 'players':
      return <PlayerPage key={args.join('/')} operatorId={args[0] ?? ''} playerId={args[1] ?? ''} />;
    case 'reports':
      return <ReportsPage tab={args[0] ?? 'summary'} />;
    case 'attention':
      return <AttentionPage />;
    case 'voids':
      return <VoidsPage />;
    case 'tables':
      return <TablesPage />;
    case 'operators':
      return <OperatorsPage />;
    default:
      return <DashboardPage />;
  }
}
