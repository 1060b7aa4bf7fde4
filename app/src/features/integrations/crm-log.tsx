import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmProvider } from '../../../../shared/schemas/crm.schema.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { crmApi, crmKeys } from './crm.api.ts';

const BADGE = { waiting: 'badge-neutral', synced: 'badge-success', failed: 'badge-danger' } as const;

/** Issue 37: the connection's latest 50 leads: waiting, synced (with a link into the CRM) or failed (with the reason). */
export function CrmLog({ provider, organisationId, when }: { provider: CrmProvider; organisationId?: string; when: (ms: number) => string }) {
  const { t } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const log = useQuery({ queryKey: crmKeys.log(provider, organisationId), queryFn: () => crmApi.log(provider, organisationId), refetchInterval: 10_000 });
  if (log.isPending) return <LoadingBlock />;
  if (log.isError) return <FormAlert>{errorMessage(log.error, tm)}</FormAlert>;
  if (!log.data.length) return <p className="integration-empty">{t('crm.log_empty')}</p>;
  return (
    <ul className="delivery-log crm-log" aria-label={t('crm.log')}>
      {log.data.map((sync) => (
        <li key={sync.leadId} className="crm-log-row">
          <span className={`badge ${BADGE[sync.state]}`}>{t(`crm.state_${sync.state}`)}</span>
          <span className="crm-log-who">{sync.name || sync.email || t(sync.op === 'delete' ? 'crm.deleted_lead' : 'crm.unknown_lead')}</span>
          <span className="meta-text">{when(sync.updated)}</span>
          {sync.link && sync.state === 'synced' && (
            <a href={sync.link} target="_blank" rel="noreferrer noopener">
              {t('crm.open_record')}
            </a>
          )}
          {sync.error && <span className="meta-text crm-error">{sync.error}</span>}
        </li>
      ))}
    </ul>
  );
}
