import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ApiTokensSection } from './api-tokens.section.tsx';
import { WebhooksSection } from './webhooks.section.tsx';
import '../../styles/security.css';
import '../../styles/integrations.css';

/** Issue 25: the Integrations screen (avatar menu): webhooks with their delivery log, and API tokens. */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  useDocumentTitle(t('title'));
  return (
    <div className="security-page">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <WebhooksSection />
      <ApiTokensSection />
    </div>
  );
}
