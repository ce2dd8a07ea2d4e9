import { useTranslation } from 'react-i18next';
import { requestJson } from '../api/http';
import { itemsOf } from '../api/ledger';
import { useApp } from '../app/session';
import { useLoad } from '../ui/use-load';

interface StaffRow {
  id: string;
  username: string;
  role: string;
  operatorId: string | null;
  status: string;
  createdAt: string;
}

/**
 * Admin only: the staff of the platform and of each operator (GET /back-office/staff). Operators themselves and
 * their API keys are managed with `npm run operator` (the ledger has no HTTP route for them).
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { session } = useApp();
  const staff = useLoad(
    async () => itemsOf<StaffRow>(await requestJson('/back-office/staff?limit=200', session.token)),
    [session.token],
  );
  return (
    <section className="panel">
      <h2>{t('operators.title')}</h2>
      <p className="hint">{t('operators.notServed')}</p>
      {staff.error && <p className="error">{t('common.error', { message: staff.error })}</p>}
      <table className="grid">
        <thead>
          <tr>
            <th>{t('operators.user')}</th>
            <th>{t('operators.role')}</th>
            <th>{t('operators.operator')}</th>
            <th>{t('operators.status')}</th>
          </tr>
        </thead>
        <tbody>
          {(staff.data ?? []).map((s) => (
            <tr key={s.id}>
              <td>{s.username}</td>
              <td>{s.role}</td>
              <td>{s.operatorId ?? '—'}</td>
              <td>{s.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
