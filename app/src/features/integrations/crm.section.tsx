import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CRM_PROVIDERS, type CrmConnection, type CrmProvider } from '../../../../shared/schemas/crm.schema.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { crmApi, crmKeys } from './crm.api.ts';
import { CrmSettingsForm } from './crm-settings.tsx';
import { CrmLog } from './crm-log.tsx';

export const CRM_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce', pipedrive: 'Pipedrive' };

/**
 * Issue 37: leads into the company's CRM. Per provider the server offers: "Connect" (off to the
 * provider's consent page, back to /integrations?crm=…), or the connection with its account,
 * state, last sync and error, the field policy and the sync log. With `organisation` the
 * organisation's connections (its owners and admins), else the owner's own.
 */
export function CrmSection({ organisation }: { organisation?: { id: string; name: string } }) {
  const { t, i18n } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const organisationId = organisation?.id;
  const queryKey = crmKeys.connections(organisationId);
  // Counts and the last sync move while leads arrive: read again every 15 s while the screen is open.
  const crm = useQuery({ queryKey, queryFn: () => crmApi.list(organisationId), refetchInterval: 15_000 });
  const [busy, setBusy] = useState<CrmProvider | null>(null);
  const [open, setOpen] = useState<{ provider: CrmProvider; what: 'settings' | 'log' } | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const titleId = organisation ? 'organisation-crm-title' : 'crm-title';
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

  const connect = async (provider: CrmProvider) => {
    setBusy(provider);
    try {
      window.location.assign((await crmApi.connect(provider, organisationId)).authorizeUrl);
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
      setBusy(null);
    }
  };
  const disconnect = async (connection: CrmConnection) => {
    const name = CRM_NAMES[connection.provider];
    if (!(await confirm({ title: t('crm.disconnect_title', { name }), message: t('crm.disconnect_message', { name }), confirmLabel: t('crm.disconnect') })))
      return;
    try {
      await crmApi.disconnect(connection.provider, organisationId);
      toast.success(t('crm.disconnected', { name }));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await queryClient.invalidateQueries({ queryKey });
  };
  const toggle = (provider: CrmProvider, what: 'settings' | 'log') => setOpen(open?.provider === provider && open.what === what ? null : { provider, what });

  return (
    <section className="content-card security-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {organisation ? t('crm.organisation_title', { name: organisation.name }) : t('crm.title')}
      </h2>
      <p className="lead">{organisation ? t('crm.organisation_intro') : t('crm.intro')}</p>
      {crm.isPending ? (
        <LoadingBlock />
      ) : crm.isError ? (
        <FormAlert>{errorMessage(crm.error, tm)}</FormAlert>
      ) : crm.data.offered.length === 0 ? (
        <p className="integration-empty">{t('crm.none_offered')}</p>
      ) : (
        <ul className="session-list">
          {CRM_PROVIDERS.filter((p) => crm.data.offered.includes(p) || crm.data.connections.some((c) => c.provider === p)).map((provider) => {
            const connection = crm.data.connections.find((c) => c.provider === provider);
            const name = CRM_NAMES[provider];
            return (
              <li key={provider} className="integration-row crm-row">
                <div className="session-body">
                  <span className="session-device integration-url">
                    {name}
                    {connection && (
                      <span className={`badge ${connection.connected ? 'badge-success' : 'badge-danger'}`}>
                        {connection.connected ? t('crm.connected') : t('crm.broken')}
                      </span>
                    )}
                  </span>
                  {connection ? (
                    <span className="meta-text">
                      {[
                        connection.accountName,
                        connection.lastSyncAt ? t('crm.last_sync', { when: when(connection.lastSyncAt) }) : t('crm.never_synced'),
                        t('crm.counts', connection.counts),
                      ].join(' · ')}
                    </span>
                  ) : (
                    <span className="meta-text">{t('crm.not_connected')}</span>
                  )}
                  {connection?.lastError && <span className="meta-text crm-error">{connection.lastError}</span>}
                </div>
                <div className="integration-actions">
                  {(!connection || !connection.connected) && (
                    <button type="button" className="btn btn-primary btn-small" disabled={busy !== null} onClick={() => connect(provider)}>
                      {connection ? t('crm.reconnect', { name }) : t('crm.connect', { name })}
                    </button>
                  )}
                  {connection && (
                    <>
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-expanded={open?.provider === provider && open.what === 'settings'}
                        onClick={() => toggle(provider, 'settings')}
                      >
                        {t('crm.settings')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-expanded={open?.provider === provider && open.what === 'log'}
                        onClick={() => toggle(provider, 'log')}
                      >
                        {t('crm.log')}
                      </button>
                      <button type="button" className="btn btn-danger btn-small" onClick={() => disconnect(connection)}>
                        {t('crm.disconnect')}
                      </button>
                    </>
                  )}
                </div>
                {connection && open?.provider === provider && open.what === 'settings' && (
                  <CrmSettingsForm connection={connection} organisationId={organisationId} onSaved={() => queryClient.invalidateQueries({ queryKey })} />
                )}
                {connection && open?.provider === provider && open.what === 'log' && <CrmLog provider={provider} organisationId={organisationId} when={when} />}
              </li>
            );
          })}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}
