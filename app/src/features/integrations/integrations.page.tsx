import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ApiTokensSection } from './api-tokens.section.tsx';
import { integrationKeys, integrationsApi } from './integrations.api.ts';
import { WebhooksSection } from './webhooks.section.tsx';
import { CRM_NAMES, CrmSection } from './crm.section.tsx';
import { toast } from '../../components/toast.ts';
import type { CrmProvider } from '../../../../shared/schemas/crm.schema.ts';
import '../../styles/security.css';
import '../../styles/integrations.css';

/**
 * Issue 25: the Integrations screen (avatar menu): webhooks with their delivery log, and API
 * tokens; for an organisation's owners and admins, the organisation's webhooks too. Issue 37: the
 * CRM connections (the organisation's and the owner's own); the provider's OAuth callback comes
 * back here with `?crm=connected|denied|expired|failed|forbidden&provider=…`, shown once.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  useDocumentTitle(t('title'));
  const organisation = useQuery({ queryKey: integrationKeys.organisation, queryFn: integrationsApi.organisation }).data;
  const admin = organisation && (organisation.role === 'owner' || organisation.role === 'admin');
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('crm');
    if (!outcome) return;
    const name = CRM_NAMES[params.get('provider') as CrmProvider] ?? 'CRM';
    if (outcome === 'connected') toast.success(t('crm.outcome_connected', { name }));
    else toast.error(t(`crm.outcome_${['denied', 'expired', 'forbidden'].includes(outcome) ? outcome : 'failed'}` as 'crm.outcome_failed', { name }));
    window.history.replaceState(null, '', window.location.pathname);
  }, [t]);
  return (
    <div className="security-page">
      <header className="page-head">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      {admin && <CrmSection organisation={{ id: organisation.organisationId, name: organisation.name }} />}
      <CrmSection />
      <WebhooksSection />
      {admin && <WebhooksSection organisation={{ id: organisation.organisationId, name: organisation.name }} />}
      <ApiTokensSection organisation={admin ? { id: organisation.organisationId, name: organisation.name } : undefined} />
    </div>
  );
}
