import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssuedKey, OperatorsApi } from '../api/operators';
import { useApp } from '../app/session';
import { useLoad } from '../ui/use-load';
import { IssuedSecret } from './IssuedSecret';
import { OperatorForm } from './OperatorForm';
import { OperatorList } from './OperatorList';
import { StaffList } from './StaffList';

/**
 * Admins of the platform: the operator registry (GET /back-office/operators; create, keys issued and revoked,
 * suspension, each with a reason in the audit) and, below, the staff accounts.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { session } = useApp();
  const api = useMemo(() => new OperatorsApi(session.token), [session.token]);
  const load = useLoad(() => api.list(), [api]);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const show = (key: IssuedKey) => {
    setIssued(key);
    load.reload();
  };
  return (
    <>
      <section className="panel" aria-label={t('operators.title')}>
        <div className="row">
          <h2>{t('operators.title')}</h2>
          <button onClick={load.reload}>{t('attention.refresh')}</button>
        </div>
        {issued && <IssuedSecret issued={issued} onDismiss={() => setIssued(null)} />}
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
        {load.data && (
          <OperatorList
            api={api}
            operators={load.data}
            onIssued={show}
            onChanged={(text) => {
              setNotice(text);
              load.reload();
            }}
          />
        )}
      </section>
      <OperatorForm
        api={api}
        onCreated={(key) => {
          setNotice(t('operators.done.create', { id: key.operatorId }));
          show(key);
        }}
      />
      {session.permissions.includes('staff.manage') && <StaffList />}
    </>
  );
}
