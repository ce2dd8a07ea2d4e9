import { GAME_SERVICES } from '@casino/games';
import { describeError } from '../ui/use-load';
import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueTable, itemsOf } from '../api/ledger';
import { useApp } from '../app/session';
import { formatMoney } from '@packages/wallet/src/money-display';
import { houseEdgeOf, HouseEdgeRules } from '@packages/blackjack/src/core/house-edge';
import { useLoad } from '../ui/use-load';
import { ResultKeyForm } from './ResultKeyForm';

const ID = /^[A-Za-z0-9._-]{1,64}$/;
/** A dealer's language as the ledger takes it (BCP 47: `en`, `pt-BR`). */
const LANGUAGE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/**
 * The ledger's table catalogue: list, create or update (limits, variant, its dealer, rules as settings JSON), close.
 * A studio table's results settle only signed by its studio key (docs/kafka-security.md#signed-live-results).
 */
export function TablesPage() {
  const { t, i18n } = useTranslation();
  const { ledger, session } = useApp();
  const load = useLoad(async () => itemsOf<CatalogueTable>(await ledger.tables()), [ledger]);
  const [form, setForm] = useState({
    id: '',
    variant: 'live',
    dealer: 'studio',
    dealerLanguage: '',
    currency: 'EUR',
    producer: 'baccarat-service',
    settings: '',
    reason: '',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [keyTable, setKeyTable] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (
      !ID.test(form.id) ||
      !/^[A-Z]{3}$/.test(form.currency) ||
      form.reason.trim().length < 3 ||
      (form.dealerLanguage !== '' && !LANGUAGE.test(form.dealerLanguage))
    ) {
      return setError(t('common.required'));
    }
    let settings: unknown;
    try {
      settings = JSON.parse(form.settings);
    } catch {
      return setError(t('tables.invalidJson'));
    }
    try {
      await ledger.putTable(form.id, {
        variant: form.variant.trim(),
        dealer: form.dealer,
        dealerLanguage: form.dealerLanguage === '' ? null : form.dealerLanguage,
        currency: form.currency,
        producer: form.producer.trim(),
        settings,
        actor: session.user,
        reason: form.reason.trim(),
      });
      setNotice(t('tables.saved', { id: form.id }));
      load.reload();
    } catch (err) {
      setError(describeError(err));
    }
  };

  const close = async (table: CatalogueTable) => {
    const reason = window.prompt(`${t('tables.close')} ${table.tableId}: ${t('tables.reason')}`)?.trim();
    if (!reason || reason.length < 3) return;
    try {
      await ledger.closeTable(table.tableId, session.user, reason);
      setNotice(t('tables.closed', { id: table.tableId }));
      load.reload();
    } catch (err) {
      setError(describeError(err));
    }
  };

  return (
    <>
      <section className="panel">
        <h2>{t('tables.title')}</h2>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
        <table className="grid">
          <thead>
            <tr>
              <th>{t('tables.id')}</th>
              <th>{t('tables.game')}</th>
              <th>{t('tables.variant')}</th>
              <th>{t('tables.dealer')}</th>
              <th>{t('tables.currency')}</th>
              <th>{t('tables.limits')}</th>
              <th>{t('tables.status')}</th>
              <th className="num">{t('tables.version')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(load.data ?? []).map((tb) => (
              <tr key={tb.tableId} data-table={tb.tableId}>
                <td>{tb.tableId}</td>
                <td>{tb.game}</td>
                <td data-variant={tb.variant ?? ''}>
                  {tb.variant ?? '—'}
                  {tb.game === 'blackjack' ? (
                    <span className="small">
                      {' '}
                      · {blackjackEdge(tb.settings, i18n.language, (key, params) => t(key, params ?? {}))}
                    </span>
                  ) : null}
                </td>
                <td data-dealer={tb.dealer}>
                  {t(`tables.dealers.${tb.dealer}`)}
                  {tb.dealerLanguage ? <span className="small"> · {tb.dealerLanguage}</span> : null}
                </td>
                <td>{tb.currency}</td>
                <td className="small">{limitsOf(tb.settings, tb.currency, i18n.language)}</td>
                <td>
                  <span className={`badge badge--${tb.status}`}>{tb.status}</span>
                </td>
                <td className="num">{tb.version}</td>
                <td className="actions">
                  <div>
                    <button
                      onClick={() =>
                        setForm({
                          id: tb.tableId,
                          variant: tb.variant ?? '',
                          dealer: tb.dealer,
                          dealerLanguage: tb.dealerLanguage ?? '',
                          currency: tb.currency,
                          producer: tb.producer,
                          settings: JSON.stringify(tb.settings, null, 1),
                          reason: '',
                        })
                      }
                    >
                      {t('tables.copy')}
                    </button>
                    {tb.status === 'open' && (
                      <button onClick={() => setKeyTable(tb.tableId)}>{t('tables.resultKey')}</button>
                    )}
                    {tb.status === 'open' && (
                      <button className="danger" onClick={() => void close(tb)}>
                        {t('tables.close')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <form className="panel form" onSubmit={(e) => void save(e)} aria-label={t('tables.create')}>
        <h2>{t('tables.create')}</h2>
        <div className="row">
          <label>
            {t('tables.id')}
            <input name="tableId" value={form.id} maxLength={64} onChange={set('id')} />
          </label>
          <label>
            {t('tables.variant')}
            <input name="variant" value={form.variant} maxLength={64} onChange={set('variant')} />
          </label>
          <label>
            {t('tables.dealer')}
            <select name="dealer" value={form.dealer} onChange={set('dealer')}>
              <option value="studio">{t('tables.dealers.studio')}</option>
              <option value="auto">{t('tables.dealers.auto')}</option>
            </select>
          </label>
          <label>
            {t('tables.dealerLanguage')}
            <input
              name="dealerLanguage"
              value={form.dealerLanguage}
              maxLength={6}
              placeholder="en"
              onChange={set('dealerLanguage')}
            />
          </label>
          <label>
            {t('tables.currency')}
            <input name="currency" value={form.currency} maxLength={3} onChange={set('currency')} />
          </label>
          <label>
            {t('tables.producer')}
            <select name="producer" value={form.producer} onChange={set('producer')}>
              {GAME_SERVICES.map((service) => (
                <option key={service}>{`${service}-service`}</option>
              ))}
            </select>
          </label>
        </div>
        <label>
          {t('tables.settings')}
          <textarea
            name="settings"
            className="mono"
            rows={8}
            value={form.settings}
            onChange={set('settings')}
          />
        </label>
        <label>
          {t('tables.reason')}
          <input name="reason" value={form.reason} maxLength={500} onChange={set('reason')} />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit">{t('tables.save')}</button>
      </form>
      <ResultKeyForm tableId={keyTable} onTable={setKeyTable} />
    </>
  );
}

/** "player €1–€10,000, banker …" from the settings' limits (strings of minor units, as stored). */
/**
 * A blackjack table's house edge for basic strategy, from its rules as the catalogue holds them (the engine's
 * houseEdgeOf, as the lobby and the rules dialog show it; docs/blackjack.md#house-edge-of-a-table).
 */
function blackjackEdge(
  settings: Record<string, unknown>,
  locale: string,
  t: (key: string, params?: Record<string, string>) => string,
): string {
  const { basicStrategy, exact } = houseEdgeOf(settings as unknown as HouseEdgeRules);
  if (!Number.isFinite(basicStrategy)) return '—';
  const edge = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(basicStrategy);
  return t(exact ? 'tables.houseEdge' : 'tables.houseEdgeEstimated', { edge });
}

function limitsOf(settings: Record<string, unknown>, currency: string, locale: string): string {
  const money = (v: unknown) =>
    typeof v === 'string' && /^-?[0-9]+$/.test(v) ? formatMoney(v, currency, locale, true) : String(v);
  const limits = settings.limits as Record<string, { min?: unknown; max?: unknown }> | undefined;
  if (!limits) return '—';
  const entries = Object.entries(limits);
  const shown = entries.slice(0, 3).map(([k, v]) => `${k} ${money(v.min)}–${money(v.max)}`);
  return entries.length > 3 ? `${shown.join(', ')} +${entries.length - 3}` : shown.join(', ');
}
