import { describeError } from '../ui/use-load';
import { SignInForm } from '@casino/web-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffLogin } from '../api/staff';
import { Session } from '../app/session';

/** Staff sign-in with the ledger's staff accounts (user name and password; `npm run staff` creates them). */
export function LoginPage({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const name = user.trim();
    if (name.length < 1 || name.length > 64 || password.length < 1 || password.length > 256) {
      setError(t('login.failed', { reason: t('common.required') }));
      return;
    }
    setBusy(true);
    try {
      const answer = await staffLogin(name, password);
      onSignedIn({
        token: answer.token,
        user: answer.staff.username,
        role: answer.staff.role,
        operatorId: answer.staff.operatorId,
        permissions: answer.staff.permissions,
        expiresAt: answer.expiresAt,
      });
    } catch (err) {
      setError(t('login.failed', { reason: describeError(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SignInForm
      title={t('login.title')}
      submitLabel={t('login.submit')}
      error={error}
      busy={busy}
      onSubmit={submit}
    >
      <label>
        {t('login.user')}
        <input name="user" autoComplete="username" value={user} onChange={(e) => setUser(e.target.value)} />
      </label>
      <label>
        {t('login.password')}
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
