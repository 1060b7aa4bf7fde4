import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title per screen, so history entries and screen readers name the page. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('molecules');
  const appName = t('app_name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
