import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The app's "not found": for a path it does not know (app/src/shell/not-found.page.tsx) and for a
 * signed-in owner who is no operator at /console, where nothing may hint at a console.
 */
export function NotFoundContent() {
  const { t } = useTranslation('molecules');
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
