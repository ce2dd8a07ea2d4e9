import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../ui/csv';
import { describeError } from '../ui/use-load';

/** "Export CSV": asks the ledger for the report as CSV and saves it; a refusal is shown beside the button. */
export function ExportCsvButton({ filename, exportCsv }: { filename: string; exportCsv(): Promise<string> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      downloadCsv(filename, await exportCsv());
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && <span className="error">{error}</span>}
      <button type="button" disabled={busy} onClick={() => void run()}>
        {t('reports.export')}
      </button>
    </>
  );
}
