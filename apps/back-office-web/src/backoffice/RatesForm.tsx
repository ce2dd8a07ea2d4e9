import { FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rateProblem } from '../api/report-filters';
import { ReportsApi } from '../api/reports';
import { describeError } from '../ui/use-load';

const CURRENCY = /^[A-Z]{3}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface RateRow {
  currency: string;
  rate: string;
}

const rowsFor = (currencies: string[]): RateRow[] =>
  currencies.length ? currencies.map((currency) => ({ currency, rate: '' })) : [{ currency: '', rate: '' }];

/**
 * PUT /back-office/exchange-rates/{day} (rates.write): a day's rates into a reporting currency, one row per
 * currency, each a decimal string exactly as typed (never through a float), with the audit's reason. Checked as the
 * ledger checks them before sending; the ledger's refusal is shown as it answers.
 */
export function RatesForm({
  reports,
  quote,
  suggestion,
  onSaved,
}: {
  reports: ReportsApi;
  quote: string;
  /** A day and the currencies it lacks a rate for: the form's start while nothing is typed. */
  suggestion: { day: string; currencies: string[] };
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState(suggestion.day);
  const [into, setInto] = useState(quote);
  const [rows, setRows] = useState<RateRow[]>(rowsFor(suggestion.currencies));
  const [reason, setReason] = useState('');
  const [dirty, setDirty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const suggested = `${quote}/${suggestion.day}/${suggestion.currencies.join(',')}`;
  useEffect(() => {
    // Follow the report (its reporting currency, its first missing day) until staff start typing.
    if (dirty) return;
    setDay(suggestion.day);
    setInto(quote);
    setRows(rowsFor(suggestion.currencies));
  }, [suggested]);

  const edit = (fn: () => void) => {
    fn();
    setDirty(true);
    setSaved(null);
  };
  const setRow = (i: number, key: keyof RateRow, value: string) =>
    edit(() => setRows(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r))));

  /** The request's rates, or the first problem with the form. */
  const check = (): { rates: Record<string, string> } | { problem: string } => {
    if (!DAY.test(day)) return { problem: t('reports.rates.badDay') };
    if (!CURRENCY.test(into)) return { problem: t('reports.converted.badCurrency') };
    const rates: Record<string, string> = {};
    for (const r of rows) {
      const currency = r.currency.trim();
      const rate = r.rate.trim();
      if (!currency && !rate) continue;
      if (!CURRENCY.test(currency)) return { problem: t('reports.converted.badCurrency') };
      if (currency === into) return { problem: t('reports.rates.self', { currency }) };
      if (currency in rates) return { problem: t('reports.rates.twice', { currency }) };
      const wrong = rateProblem(rate);
      if (wrong) return { problem: t(`reports.rates.${wrong}`, { currency, rate }) };
      rates[currency] = rate;
    }
    if (Object.keys(rates).length === 0) return { problem: t('reports.rates.none') };
    if (!reason.trim()) return { problem: t('reports.rates.reason') };
    return { rates };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = check();
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const stored = await reports.putRates(day, {
        quote: into,
        rates: checked.rates,
        reason: reason.trim(),
      });
      setSaved(t('reports.rates.saved', { day: stored.day, quote: stored.quote }));
      setDirty(false);
      setReason('');
      onSaved();
    } catch (err) {
      setProblem(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form rates" onSubmit={(e) => void submit(e)} aria-label={t('reports.rates.title')}>
      <h3>{t('reports.rates.title')}</h3>
      <p className="hint">{t('reports.rates.hint')}</p>
      <div className="toolbar">
        <label>
          {t('reports.rates.day')}
          <input
            name="rateDay"
            type="date"
            value={day}
            onChange={(e) => edit(() => setDay(e.target.value))}
          />
        </label>
        <label className="narrow">
          {t('reports.rates.quote')}
          <input
            name="quote"
            value={into}
            maxLength={3}
            size={4}
            onChange={(e) => edit(() => setInto(e.target.value.toUpperCase()))}
          />
        </label>
      </div>
      <table className="grid rates__rows">
        <thead>
          <tr>
            <th>{t('reports.currency')}</th>
            <th className="num">{t('reports.rates.rate', { quote: into })}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-row={i}>
              <td>
                <input
                  name={`currency-${i}`}
                  value={r.currency}
                  maxLength={3}
                  size={4}
                  onChange={(e) => setRow(i, 'currency', e.target.value.toUpperCase())}
                />
              </td>
              <td className="num">
                <input
                  name={`rate-${i}`}
                  className="mono"
                  value={r.rate}
                  inputMode="decimal"
                  placeholder="0.0265"
                  maxLength={31}
                  onChange={(e) => setRow(i, 'rate', e.target.value)}
                />
              </td>
              <td>
                {rows.length > 1 && (
                  <button type="button" onClick={() => edit(() => setRows(rows.filter((_, j) => j !== i)))}>
                    {t('reports.rates.remove')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={() => edit(() => setRows([...rows, { currency: '', rate: '' }]))}>
        {t('reports.rates.add')}
      </button>
      <label>
        {t('reports.rates.reasonLabel')}
        <textarea
          name="rateReason"
          value={reason}
          maxLength={500}
          rows={2}
          onChange={(e) => edit(() => setReason(e.target.value))}
        />
      </label>
      <button type="submit" disabled={busy}>
        {t('reports.rates.save')}
      </button>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {saved && <p className="notice">{saved}</p>}
    </form>
  );
}
