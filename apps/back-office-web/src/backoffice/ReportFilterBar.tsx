import { FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_IDS } from '@casino/games';
import { filtersProblem, ReportFilters } from '../api/report-filters';

/** Every IANA zone the browser knows, offered as the time zone's suggestions. */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/**
 * The filters every report takes: the days (both ends included), their time zone, operator (platform staff
 * only: an operator's staff always see their own), game, table and currency. Applied on submit, not per key.
 */
export function ReportFilterBar({
  value,
  platformStaff,
  onApply,
}: {
  value: ReportFilters;
  platformStaff: boolean;
  onApply(filters: ReportFilters): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  const zones = useMemo(timeZones, []);
  const set = (key: keyof ReportFilters) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = filtersProblem(form);
    setProblem(wrong && t(`reports.filters.${wrong}`));
    if (!wrong)
      onApply({ ...form, tz: form.tz.trim() || 'UTC', currency: form.currency.trim().toUpperCase() });
  };
  return (
    <form className="panel toolbar filters" onSubmit={submit} aria-label={t('reports.filters.title')}>
      <label>
        {t('reports.filters.from')}
        <input name="from" type="date" value={form.from} onChange={set('from')} />
      </label>
      <label>
        {t('reports.filters.to')}
        <input name="to" type="date" value={form.to} onChange={set('to')} />
      </label>
      <label>
        {t('reports.filters.tz')}
        <input name="tz" list="report-time-zones" value={form.tz} maxLength={64} onChange={set('tz')} />
        <datalist id="report-time-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </label>
      {platformStaff && (
        <label>
          {t('reports.filters.operator')}
          <input
            name="operator"
            value={form.operator}
            maxLength={64}
            placeholder={t('reports.filters.all')}
            onChange={set('operator')}
          />
        </label>
      )}
      <label>
        {t('reports.filters.game')}
        <select name="game" value={form.game} onChange={set('game')}>
          <option value="">{t('reports.filters.all')}</option>
          {GAME_IDS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('reports.filters.table')}
        <input
          name="table"
          value={form.table}
          maxLength={64}
          placeholder={t('reports.filters.all')}
          onChange={set('table')}
        />
      </label>
      <label className="narrow">
        {t('reports.filters.currency')}
        <input
          name="currency"
          value={form.currency}
          maxLength={3}
          placeholder={t('reports.filters.all')}
          onChange={set('currency')}
        />
      </label>
      <button type="submit">{t('reports.filters.apply')}</button>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
