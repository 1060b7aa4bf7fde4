import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PageDomainCheck } from '../../../../shared/schemas/page-domain.schema.ts';
import { FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { pageDomainApi, pageDomainKeys } from './page-domain.api.ts';

/**
 * Issue 39, in the Team area's brand: "Your own address". Owners and admins name a host, see the
 * TXT record to publish (with copy buttons), have it checked (the result in plain words) and
 * read what changes once it works (docs/page-domains.md).
 */
export function PageDomainSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: pageDomainKeys.state(organisationId), queryFn: () => pageDomainApi.find(organisationId), staleTime: 0 });
  const [host, setHost] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<PageDomainCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: pageDomainKeys.state(organisationId) });
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await pageDomainApi.set(organisationId, host.trim());
      setHost('');
      setCheck(null);
    } catch (failure) {
      setError(errorMessage(failure, tm));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('page_domain_copied'));
    } catch {
      toast.error(t('page_domain_not_copied'));
    }
  };
  const current = state.data?.pageDomain ?? null;

  return (
    <section className="content-card security-section" aria-labelledby="page-domain-title">
      <h2 id="page-domain-title" className="card-title">
        {t('page_domain_title')}
      </h2>
      <p className="lead">{t('page_domain_intro')}</p>
      {state.isPending ? (
        <LoadingBlock />
      ) : state.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(state.error, tm) })}
        </p>
      ) : current ? (
        <div className="stack-sm">
          <p>
            <strong className="secret-value">{current.host}</strong>{' '}
            <span className={current.verified ? 'badge badge-success' : 'badge'}>{current.verified ? t('page_domain_works') : t('page_domain_waiting')}</span>
          </p>
          {current.verified ? (
            <p className="muted">{t('page_domain_changes', { host: current.host })}</p>
          ) : (
            <>
              <p>{t('page_domain_publish')}</p>
              <dl className="stack-sm">
                {[
                  [t('page_domain_record_name'), current.txtRecordName],
                  [t('page_domain_record_value'), current.txtRecordValue],
                ].map(([label, value]) => (
                  <div key={label} className="stack-sm">
                    <dt className="muted">{label}</dt>
                    <dd className="button-row" style={{ marginInlineStart: 0 }}>
                      <code className="secret-value">{value}</code>
                      <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy(value!)}>
                        {t('page_domain_copy')}
                      </button>
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="muted">{t('page_domain_proxy')}</p>
              {check && check !== 'verified' && (
                <p className="alert alert-error" role="status">
                  {t(`page_domain_check_${check}`, { name: current.txtRecordName })}
                </p>
              )}
              <div className="button-row">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() => void run(async () => setCheck((await pageDomainApi.verify(organisationId)).check))}
                >
                  {t('page_domain_check')}
                </button>
              </div>
            </>
          )}
          <div className="button-row">
            <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={() => void run(() => pageDomainApi.remove(organisationId))}>
              {t('page_domain_remove')}
            </button>
          </div>
        </div>
      ) : (
        <p className="muted">{t('page_domain_none')}</p>
      )}
      <form className="security-form" onSubmit={save}>
        <FormField
          label={current ? t('page_domain_other') : t('page_domain_host')}
          hint={t('page_domain_host_hint')}
          required
          maxLength={253}
          value={host}
          onChange={(e) => setHost(e.target.value)}
          error={error}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || !host.trim()}>
            {t('page_domain_save')}
          </button>
        </div>
      </form>
    </section>
  );
}
