import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrganisationDomain } from '../../../../shared/schemas/organisation-domain.schema.ts';
import { FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { domainKeys, domainsApi } from './domains.api.ts';
import '../../styles/integrations.css';

/**
 * Issue 27: the organisation's e-mail domains. Admins claim one, see the DNS TXT record to add,
 * check it, and remove domains; company sign-ins with an address of a verified domain join.
 */
export function DomainsSection({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const domains = useQuery({ queryKey: domainKeys.list(organisationId), queryFn: () => domainsApi.list(organisationId), staleTime: 0 });
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const reload = () => queryClient.invalidateQueries({ queryKey: domainKeys.list(organisationId) });

  const claim = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await domainsApi.claim(organisationId, domain.trim());
      setDomain('');
    } catch (failure) {
      setError(errorMessage(failure, tm));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const verify = async (row: OrganisationDomain) => {
    try {
      await domainsApi.verify(organisationId, row.domain);
      toast.success(t('domain_verified_toast', { domain: row.domain }));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };
  const remove = async (row: OrganisationDomain) => {
    if (!(await confirm({ title: t('domain_remove_title'), message: t('domain_remove_message', { domain: row.domain }), confirmLabel: t('domain_remove') })))
      return;
    try {
      await domainsApi.remove(organisationId, row.domain);
      toast.success(t('domain_removed'));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };

  return (
    <section className="content-card security-section" aria-labelledby="domains-title">
      <h2 id="domains-title" className="card-title">
        {t('domain_title')}
      </h2>
      <p className="lead">{t('domain_intro')}</p>
      {domains.isPending ? (
        <LoadingBlock />
      ) : domains.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(domains.error, tm) })}
        </p>
      ) : domains.data.domains.length === 0 ? (
        <p className="muted">{t('domain_none')}</p>
      ) : (
        <ul className="session-list" aria-label={t('domain_title')}>
          {domains.data.domains.map((row) => (
            <li key={row.domain} className="session-row team-row">
              <div className="session-body">
                <span className="session-device">{row.domain}</span>
                {row.verified !== null ? (
                  <span className="meta-text">{row.verifiedBy === 'operator' ? t('domain_verified_operator') : t('domain_verified_dns')}</span>
                ) : (
                  <span className="meta-text">
                    {t('domain_add_record')} <code className="secret-value">{row.txtName}</code> <code className="secret-value">{row.txtValue}</code>
                    {row.expires !== null && (
                      <> {t('domain_expires', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(row.expires) })}</>
                    )}
                  </span>
                )}
              </div>
              {row.verified === null && (
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void verify(row)}>
                  {t('domain_verify')}
                </button>
              )}
              <button type="button" className="btn btn-danger btn-small" onClick={() => void remove(row)}>
                {t('domain_remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="security-form" onSubmit={claim}>
        <h3 className="team-subtitle">{t('domain_claim_title')}</h3>
        <FormField
          label={t('domain_name')}
          hint={t('domain_name_hint')}
          required
          maxLength={253}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          error={error}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || !domain.trim()}>
            {t('domain_claim')}
          </button>
        </div>
      </form>
      {confirmDialog}
    </section>
  );
}
