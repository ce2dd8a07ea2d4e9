import { useTranslation } from 'react-i18next';
import { useApp } from '../context/app-context';

/** Shows a readable message for a rejection code (every code has one in every language). */
export function useRejection(): (code: string) => void {
  const { t, i18n } = useTranslation();
  const { notify } = useApp();
  return (code: string) => {
    const key = `errors.${code}`;
    notify('error', i18n.exists(key) ? t(key) : t('errors.INTERNAL_ERROR'));
  };
}
