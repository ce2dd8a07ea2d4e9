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

/** The staff of the platform and of each operator (GET /back-office/staff; `npm run staff` creates them). */
export function StaffList() {
  const { t } = useTranslation();
  const { session } = useApp();
  const staff = useLoad(
    async () => itemsOf<StaffRow>(await requestJson('/back-office/staff?limit=200', session.token)),
    [session.token],
  );
  return (
    <section className="panel" aria-label={t('operators.staff.title')}>
      <h2>{t('operators.staff.title')}</h2>
      {staff.error && <p className="error">{t('common.error', { message: staff.error })}</p>}
      <table className="grid">
        <thead>
          <tr>
            <th>{t('operators.staff.user')}</th>
            <th>{t('operators.staff.role')}</th>
            <th>{t('operators.operator')}</th>
            <th>{t('operators.status')}</th>
          </tr>
        </thead>
        <tbody>
          {(staff.data ?? []).map((s) => (
            <tr key={s.id}>
              <td>{s.username}</td>
              <td>{s.role}</td>
              <td>{s.operatorId ?? t('operators.staff.platform')}</td>
              <td>{s.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
