import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** Sections of the terms, in the order they are shown. */
const SECTIONS = ['scope', 'account', 'cards', 'content', 'privacy', 'liability'] as const;

/** The terms of service, linked from the sign-up form (SPEC 2: its route is ours to choose). */
export default function TermsPage() {
  const { t } = useTranslation('register_page');
  const navigate = useNavigate();
  useDocumentTitle(t('terms.title'));
  return (
    <article className="content-card prose" aria-labelledby="terms-title">
      <h1 id="terms-title">{t('terms.title')}</h1>
      <p className="lead">{t('terms.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{t(`terms.${section}.heading`)}</h2>
          <p>{t(`terms.${section}.text`)}</p>
        </section>
      ))}
      <button type="button" className="btn btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/register'))}>
        {t('terms.back')}
      </button>
    </article>
  );
}
