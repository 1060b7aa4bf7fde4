import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { integrationKeys, integrationsApi } from './integrations.api.ts';

/**
 * Issue 25: an endpoint's latest deliveries, each attempt's request headers and answer, and
 * redelivery. The count is of the attempts logged: a redelivery starts the retry schedule (the
 * delivery's `attempts`) afresh, but the earlier attempts were made all the same.
 */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const deliveries = useQuery({ queryKey: integrationKeys.deliveries(webhookId), queryFn: () => integrationsApi.deliveries(webhookId), refetchInterval: 5000 });
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(ms));
  const redeliver = async (deliveryId: string) => {
    try {
      await integrationsApi.redeliver(deliveryId);
      toast.success(t('log.redelivered'));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(webhookId) });
  };
  if (deliveries.isPending) return <LoadingBlock />;
  if (deliveries.isError) return <p className="alert alert-error">{errorMessage(deliveries.error, tm)}</p>;
  if (!deliveries.data.length) return <p className="integration-empty">{t('log.none')}</p>;
  return (
    <ul className="delivery-log" aria-label={t('log.title')}>
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="delivery-row">
          <details>
            <summary>
              <span className={`badge ${delivery.status === 'delivered' ? 'badge-success' : 'badge-neutral'}`}>{t(`log.status_${delivery.status}`)}</span>{' '}
              <code>{delivery.eventType}</code> · {when(delivery.created)} · {t('log.attempts', { count: delivery.attemptLog.length })}
              {delivery.lastResponseStatus !== null && ` · HTTP ${delivery.lastResponseStatus}`}
            </summary>
            <p className="delivery-label">{t('log.payload')}</p>
            <pre className="delivery-pre">{delivery.payload}</pre>
            {delivery.attemptLog.map((attempt) => (
              <div key={attempt.id} className="delivery-attempt">
                <p className="delivery-label">
                  {when(attempt.attemptedAt)} · {attempt.responseStatus !== null ? `HTTP ${attempt.responseStatus}` : attempt.error} · {attempt.durationMs} ms
                </p>
                <pre className="delivery-pre">
                  {Object.entries(attempt.requestHeaders)
                    .map(([name, value]) => `${name}: ${value}`)
                    .join('\n')}
                </pre>
                {attempt.responseBody && <pre className="delivery-pre">{attempt.responseBody}</pre>}
              </div>
            ))}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => redeliver(delivery.id)}>
              {t('log.redeliver')}
            </button>
          </details>
        </li>
      ))}
    </ul>
  );
}
