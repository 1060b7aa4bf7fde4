import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OWNER_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '../../../../shared/schemas/integrations.schema.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { integrationKeys, integrationsApi } from './integrations.api.ts';
import { SecretOnce } from './secret-once.tsx';

/**
 * Issue 25: webhook endpoints: add one (the secret shown once), test, rotate, switch off, delete,
 * see deliveries. The owner's own, or with `organisation` that organisation's (for its owners
 * and admins), which may also take member.added and member.removed.
 */
export function WebhooksSection({ organisation }: { organisation?: { id: string; name: string } }) {
  const { t } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const organisationId = organisation?.id;
  const queryKey = integrationKeys.webhooks(organisationId);
  const webhooks = useQuery({ queryKey, queryFn: () => integrationsApi.webhooks(organisationId) });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(
    organisation ? ['member.added', 'member.removed', 'lead.created'] : ['lead.created', 'lead.updated', 'lead.deleted'],
  );
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const reload = () => queryClient.invalidateQueries({ queryKey });
  const titleId = organisation ? 'organisation-webhooks-title' : 'webhooks-title';

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await integrationsApi.createWebhook({ url: url.trim(), events, description, ...(organisationId ? { organisationId } : {}) });
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      await reload();
    } catch (failure) {
      setError(errorMessage(failure, tm));
    }
  };
  const toggle = (type: WebhookEventType) => setEvents((current) => (current.includes(type) ? current.filter((e) => e !== type) : [...current, type]));
  const remove = async (webhook: Webhook) => {
    if (await confirm({ title: t('webhooks.delete_title'), message: t('webhooks.delete_message', { url: webhook.url }) }))
      await run(() => integrationsApi.deleteWebhook(webhook.id), t('webhooks.deleted'));
  };
  const rotate = async (webhook: Webhook) => {
    try {
      setSecret((await integrationsApi.rotateSecret(webhook.id)).secret);
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };

  return (
    <section className="content-card security-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {organisation ? t('webhooks.organisation_title', { name: organisation.name }) : t('webhooks.title')}
      </h2>
      <p className="lead">{organisation ? t('webhooks.organisation_intro') : t('webhooks.intro')}</p>
      {secret && <SecretOnce label={t('webhooks.secret')} value={secret} onDone={() => setSecret(null)} />}
      {webhooks.isPending ? (
        <LoadingBlock />
      ) : webhooks.isError ? (
        <FormAlert>{errorMessage(webhooks.error, tm)}</FormAlert>
      ) : webhooks.data.length === 0 ? (
        <p className="integration-empty">{t('webhooks.none')}</p>
      ) : (
        <ul className="session-list">
          {webhooks.data.map((webhook) => (
            <li key={webhook.id} className="integration-row">
              <div className="session-body">
                <span className="session-device integration-url">
                  {webhook.url}
                  <span className={`badge ${webhook.enabled ? 'badge-success' : 'badge-neutral'}`}>
                    {webhook.enabled
                      ? t('webhooks.enabled')
                      : t(`webhooks.disabled_${webhook.disabledReason === 'gone' ? 'gone' : webhook.disabledReason === 'failing' ? 'failing' : 'owner'}`)}
                  </span>
                </span>
                <span className="meta-text">
                  {webhook.description && `${webhook.description} · `}
                  {webhook.events.join(', ')}
                </span>
              </div>
              <div className="integration-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => run(() => integrationsApi.sendTest(webhook.id), t('webhooks.test_sent'))}
                >
                  {t('webhooks.test')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-expanded={open === webhook.id}
                  onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
                >
                  {t('webhooks.deliveries')}
                </button>
                <button type="button" className="btn btn-secondary btn-small" onClick={() => rotate(webhook)}>
                  {t('webhooks.rotate')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => run(() => integrationsApi.updateWebhook({ webhookId: webhook.id, enabled: !webhook.enabled }), t('webhooks.saved'))}
                >
                  {webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                </button>
                <button type="button" className="btn btn-danger btn-small" onClick={() => remove(webhook)}>
                  {t('webhooks.delete')}
                </button>
              </div>
              {open === webhook.id && <DeliveryLog webhookId={webhook.id} />}
            </li>
          ))}
        </ul>
      )}
      <form className="security-form integration-form" onSubmit={create}>
        <h3 className="integration-subtitle">{t('webhooks.add')}</h3>
        <FormField label={t('webhooks.url')} type="url" required value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
        <FormField label={t('webhooks.description')} maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
        <fieldset className="integration-choices">
          <legend>{t('webhooks.events')}</legend>
          {(organisation ? WEBHOOK_EVENT_TYPES : OWNER_WEBHOOK_EVENT_TYPES).map((type) => (
            <label key={type} className="checkbox-row">
              <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
              <span>
                {t(`events.${type.replace('.', '_') as 'lead_created'}`)} <code>{type}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <FormAlert>{error}</FormAlert>
        <button type="submit" className="btn btn-primary" disabled={!url.trim() || events.length === 0}>
          {t('webhooks.create')}
        </button>
      </form>
      {confirmDialog}
    </section>
  );
}
