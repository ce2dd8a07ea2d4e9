import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssuedKey, NewOperator, OperatorsApi } from '../api/operators';
import { describeError } from '../ui/use-load';

// The ledger's rules (operators.dto.ts), checked here first so a typo is named before the request.
const ID = /^[A-Za-z0-9._-]{1,64}$/;
const CURRENCY = /^[A-Z]{3}$/;

const EMPTY = {
  operatorId: '',
  name: '',
  currencies: 'EUR',
  walletMode: 'transfer' as NewOperator['walletMode'],
  walletUrl: '',
  walletProtocol: '1',
  allowedOrigins: '',
  reason: '',
};

/** "EUR, gbp  usd" → ["EUR", "GBP", "USD"]. */
const listOf = (text: string, upper = false) =>
  text
    .split(/[\s,]+/)
    .map((s) => (upper ? s.toUpperCase() : s))
    .filter(Boolean);

/** Creates an operator (and its first API key, whose secret the page then shows once). */
export function OperatorForm({ api, onCreated }: { api: OperatorsApi; onCreated(key: IssuedKey): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const problem = (): string | null => {
    if (!ID.test(form.operatorId.trim())) return t('operators.form.badId');
    if (!form.name.trim()) return t('operators.form.badName');
    const currencies = listOf(form.currencies, true);
    if (currencies.length === 0 || !currencies.every((c) => CURRENCY.test(c)))
      return t('operators.form.badCurrencies');
    if (form.walletMode === 'seamless' && !/^https?:\/\/\S+$/.test(form.walletUrl.trim()))
      return t('operators.form.badWalletUrl');
    const reason = form.reason.trim();
    if (reason.length < 3 || reason.length > 1000) return t('operators.reasonRequired');
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = problem();
    setError(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      const made = await api.create({
        operatorId: form.operatorId.trim(),
        name: form.name.trim(),
        currencies: listOf(form.currencies, true),
        allowedOrigins: listOf(form.allowedOrigins),
        walletMode: form.walletMode,
        walletUrl: form.walletUrl.trim() || null,
        walletProtocol: form.walletMode === 'seamless' && form.walletProtocol === '2' ? 2 : 1,
        reason: form.reason.trim(),
      });
      setForm(EMPTY);
      onCreated(made.key);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form" onSubmit={(e) => void submit(e)} aria-label={t('operators.form.title')}>
      <h2>{t('operators.form.title')}</h2>
      <div className="row">
        <label>
          {t('operators.form.id')}
          <input name="operatorId" value={form.operatorId} maxLength={64} onChange={set('operatorId')} />
        </label>
        <label className="grow">
          {t('operators.form.name')}
          <input name="name" value={form.name} maxLength={200} onChange={set('name')} />
        </label>
        <label>
          {t('operators.form.currencies')}
          <input name="currencies" value={form.currencies} onChange={set('currencies')} />
        </label>
      </div>
      <div className="row">
        <label>
          {t('operators.wallet')}
          <select name="walletMode" value={form.walletMode} onChange={set('walletMode')}>
            <option value="transfer">{t('operators.mode.transfer')}</option>
            <option value="seamless">{t('operators.mode.seamless')}</option>
          </select>
        </label>
        <label className="grow">
          {form.walletMode === 'seamless'
            ? t('operators.form.walletUrlRequired')
            : t('operators.form.walletUrl')}
          <input
            name="walletUrl"
            value={form.walletUrl}
            maxLength={500}
            placeholder="https://wallet.example.com"
            onChange={set('walletUrl')}
          />
        </label>
        {form.walletMode === 'seamless' && (
          <label>
            {t('operators.protocol.label')}
            <select name="walletProtocol" value={form.walletProtocol} onChange={set('walletProtocol')}>
              <option value="1">{t('operators.protocol.v1')}</option>
              <option value="2">{t('operators.protocol.v2')}</option>
            </select>
          </label>
        )}
        <label className="grow">
          {t('operators.form.origins')}
          <input
            name="allowedOrigins"
            value={form.allowedOrigins}
            placeholder="https://casino.example.com"
            onChange={set('allowedOrigins')}
          />
        </label>
      </div>
      <label>
        {t('operators.reason')}
        <input name="reason" value={form.reason} maxLength={1000} onChange={set('reason')} />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t('operators.form.create')}
      </button>
    </form>
  );
}
