import { useTranslation } from 'react-i18next';
import { NotFoundContent } from '../components/not-found-content.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation('molecules');
  useDocumentTitle(t('not_found.title'));
  return <NotFoundContent />;
}
