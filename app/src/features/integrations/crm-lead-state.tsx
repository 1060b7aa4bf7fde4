import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { crmApi } from './crm.api.ts';
import '../../styles/integrations.css';

const NAMES = { hubspot: 'HubSpot', salesforce: 'Salesforce', pipedrive: 'Pipedrive' } as const;
const BADGE = { waiting: 'badge-neutral', synced: 'badge-success', failed: 'badge-danger' } as const;

/**
 * Issue 37: a lead's state in each CRM it goes to (waiting; synced, with a link into the CRM;
 * failed, with the reason) and "Send again". Nothing when the lead goes to no CRM.
 */
export function LeadCrmState({ leadId }: { leadId: string }) {
  const { t } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const queryKey = ['integrations', 'crm', 'lead', leadId];
  const syncs = useQuery({ queryKey, queryFn: () => crmApi.leadSyncs(leadId) });
  if (!syncs.data?.length) return null;
  const retry = async () => {
    try {
      await crmApi.retry(leadId);
      toast.success(t('crm.retried'));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await queryClient.invalidateQueries({ queryKey });
  };
  return (
    <section className="lead-consent crm-lead-state" aria-label={t('crm.sync_state')}>
      <h3>{t('crm.sync_state')}</h3>
      <ul className="delivery-log">
        {syncs.data.map((sync) => (
          <li key={`${sync.provider}-${sync.organisationId ?? 'own'}`} className="crm-log-row">
            <span className="crm-log-who">{NAMES[sync.provider]}</span>
            <span className={`badge ${BADGE[sync.state]}`}>{t(`crm.state_${sync.state}`)}</span>
            {sync.link && sync.state === 'synced' && (
              <a href={sync.link} target="_blank" rel="noreferrer noopener">
                {t('crm.open_record')}
              </a>
            )}
            {sync.error && <span className="meta-text crm-error">{sync.error}</span>}
          </li>
        ))}
      </ul>
      {syncs.data.some((s) => s.state === 'failed') && (
        <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
          {t('crm.retry')}
        </button>
      )}
    </section>
  );
}
