import { useTranslation } from 'react-i18next';
import { useLoad } from '../ui/use-load';
import { DealerSession, serviceTables } from './dealer-api';

/** The dealer's tables; a pit boss (`*`) sees every table of the service. */
export function TablePicker({ session, onPick }: { session: DealerSession; onPick(tableId: string): void }) {
  const { t } = useTranslation();
  const tables = useLoad(
    async () => (session.dealer.tables.includes('*') ? serviceTables(session) : session.dealer.tables),
    [session],
  );
  return (
    <section className="panel">
      <h2>{t('studio.tables')}</h2>
      {tables.error && <p className="error">{t('common.error', { message: tables.error })}</p>}
      <ul className="table-list">
        {(tables.data ?? []).map((id) => (
          <li key={id}>
            <button data-table={id} onClick={() => onPick(id)}>
              {t('studio.pick')} {id}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
