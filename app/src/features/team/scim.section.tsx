import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScimTokenInfo } from '../../../../shared/schemas/scim.schema.ts';
import { FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { needsRecentLogin, SignInAgainAlert } from '../auth/index.ts';
import { scimApi, scimKeys } from './scim.api.ts';
import '../../styles/integrations.css';

/**
 * Issue 27: directory provisioning. Admins make SCIM tokens for their identity provider (the
 * token is shown this once), see the base URL to enter there, when each token was last used,
 * and revoke them.
 */
export function ScimSection({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: scimKeys.tokens(organisationId), queryFn: () => scimApi.tokens(organisationId), staleTime: 0 });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Issue 20: the server makes SCIM tokens only within five minutes of signing in.
  const [signInAgain, setSignInAgain] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const reload = () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens(organisationId) });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSignInAgain(false);
    try {
      setCreated((await scimApi.create(organisationId, name.trim())).token);
      setName('');
    } catch (failure) {
      if (needsRecentLogin(failure)) setSignInAgain(true);
      else setError(errorMessage(failure, tm));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const revoke = async (token: ScimTokenInfo) => {
    if (!(await confirm({ title: t('scim_revoke_title'), message: t('scim_revoke_message', { name: token.name }), confirmLabel: t('scim_revoke') }))) return;
    try {
      await scimApi.revoke(organisationId, token.id);
      toast.success(t('scim_revoked'));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };
  const copy = async (value: string) => {
    await navigator.clipboard?.writeText(value);
    toast.success(t('scim_copied'));
  };

  return (
    <section className="content-card security-section" aria-labelledby="scim-title">
      <h2 id="scim-title" className="card-title">
        {t('scim_title')}
      </h2>
      <p className="lead">{t('scim_intro')}</p>
      {tokens.data && (
        <div className="field">
          <strong>{t('scim_base_url')}</strong>
          <code className="secret-value" data-testid="scim-base-url">
            {tokens.data.baseUrl}
          </code>
        </div>
      )}
      {created && (
        <div className="alert alert-success secret-once" role="status">
          <strong>{t('scim_token')}</strong>
          <p>{t('scim_shown_once')}</p>
          <code className="secret-value" data-testid="scim-token">
            {created}
          </code>
          <div className="integration-actions">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy(created)}>
              {t('scim_copy')}
            </button>
            <button type="button" className="btn btn-primary btn-small" onClick={() => setCreated(null)}>
              {t('scim_done')}
            </button>
          </div>
        </div>
      )}
      <h3 className="team-subtitle">{t('scim_tokens')}</h3>
      {tokens.isPending ? (
        <LoadingBlock />
      ) : tokens.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(tokens.error, tm) })}
        </p>
      ) : tokens.data.tokens.length === 0 ? (
        <p className="muted">{t('scim_none')}</p>
      ) : (
        <ul className="session-list" aria-label={t('scim_tokens')}>
          {tokens.data.tokens.map((token) => (
            <li key={token.id} className="session-row team-row">
              <div className="session-body">
                <span className="session-device">{token.name}</span>
                <span className="meta-text">
                  {t('scim_made_by', { email: token.createdByEmail, date: when(token.created) })} ·{' '}
                  {token.lastUsedAt ? t('scim_last_used', { date: when(token.lastUsedAt) }) : t('scim_never_used')}
                </span>
              </div>
              <button type="button" className="btn btn-danger btn-small" onClick={() => void revoke(token)}>
                {t('scim_revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="security-form" onSubmit={create}>
        <h3 className="team-subtitle">{t('scim_add')}</h3>
        <FormField
          label={t('scim_name')}
          hint={t('scim_name_hint')}
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
        />
        {signInAgain && <SignInAgainAlert message={t('scim_recent_login')} action={t('scim_sign_in_again')} />}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
            {t('scim_create')}
          </button>
        </div>
      </form>
      {confirmDialog}
    </section>
  );
}
