import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../components/use-document-title.ts';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation('molecules');
  useDocumentTitle(t('not_found.title'));
  return (
    <section className="content-card stack center-text" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('not_found.title')}</h1>
      <p className="muted">{t('not_found.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('back_to_overview')}
      </Link>
    </section>
  );
}
