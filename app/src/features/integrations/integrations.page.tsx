import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ApiTokensSection } from './api-tokens.section.tsx';
import { integrationKeys, integrationsApi } from './integrations.api.ts';
import { WebhooksSection } from './webhooks.section.tsx';
import '../../styles/security.css';
import '../../styles/integrations.css';

/**
 * Issue 25: the Integrations screen (avatar menu): webhooks with their delivery log, and API
 * tokens; for an organisation's owners and admins, the organisation's webhooks too.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  useDocumentTitle(t('title'));
  const organisation = useQuery({ queryKey: integrationKeys.organisation, queryFn: integrationsApi.organisation }).data;
  const admin = organisation && (organisation.role === 'owner' || organisation.role === 'admin');
  return (
    <div className="security-page">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <WebhooksSection />
      {admin && <WebhooksSection organisation={{ id: organisation.organisationId, name: organisation.name }} />}
      <ApiTokensSection organisation={admin ? { id: organisation.organisationId, name: organisation.name } : undefined} />
    </div>
  );
}
