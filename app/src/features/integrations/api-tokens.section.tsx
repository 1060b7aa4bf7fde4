import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_SCOPES, ORGANISATION_TOKEN_SCOPES, type ApiScope, type ApiToken } from '../../../../shared/schemas/integrations.schema.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { dropDraft, keepDraft, readDraft } from '../../lib/form-draft.ts';
import { needsRecentLogin, SignInAgainAlert } from '../auth/index.ts';
import { integrationKeys, integrationsApi } from './integrations.api.ts';
import { SecretOnce } from './secret-once.tsx';
import { exampleCall } from './api-example.ts';

/** Where the new token's form waits while the owner signs in again. */
const DRAFT_KEY = 'api-token';

interface TokenDraft {
  name: string;
  scopes: ApiScope[];
  forOrganisation: boolean;
}

/** The kept form, if storage holds one of the right shape. */
function keptDraft(): TokenDraft | null {
  const draft = readDraft(DRAFT_KEY) as Partial<TokenDraft> | null;
  if (!draft || typeof draft.name !== 'string' || !Array.isArray(draft.scopes)) return null;
  const scopes = API_SCOPES.filter((scope) => draft.scopes!.includes(scope));
  return { name: draft.name.slice(0, 100), scopes, forOrganisation: draft.forOrganisation === true };
}

/**
 * Issue 25: the owner's API tokens: create one with scopes (shown once), see last use, revoke.
 * With `organisation` (its owners and admins, issue 24) a token may also be the organisation's,
 * reading its leads only (`leads:read`); issue 33: the organisation's tokens are listed apart,
 * every admin's with its maker, and any of its owners and admins may revoke them.
 */
export function ApiTokensSection({ organisation }: { organisation?: { id: string; name: string } }) {
  const { t, i18n } = useTranslation('integrations');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: integrationKeys.tokens, queryFn: integrationsApi.tokens });
  const orgTokens = useQuery({
    queryKey: integrationKeys.organisationTokens(organisation?.id ?? ''),
    queryFn: () => integrationsApi.organisationTokens(organisation!.id),
    enabled: Boolean(organisation),
  });
  // The organisation's tokens are listed below, with their makers; here the caller's others.
  const own = tokens.data?.filter((token) => !organisation || token.organisationId !== organisation.id);
  // Issue 35: what was typed before signing in again comes back (read once, then forgotten).
  const [draft] = useState(keptDraft);
  useEffect(() => dropDraft(DRAFT_KEY), []);
  const [name, setName] = useState(draft?.name ?? '');
  const [scopes, setScopes] = useState<ApiScope[]>(draft?.scopes ?? ['leads:read']);
  const [error, setError] = useState<string | null>(null);
  // Issue 20: the server makes tokens only within five minutes of signing in.
  const [signInAgain, setSignInAgain] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [forOrganisation, setForOrganisation] = useState(Boolean(draft?.forOrganisation && organisation));
  const organisationId = forOrganisation ? organisation?.id : undefined;
  const offered = organisationId ? ORGANISATION_TOKEN_SCOPES : API_SCOPES;
  const chosen = scopes.filter((s) => offered.includes(s));
  const [confirmDialog, confirm] = useConfirm();
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  // Both lists (the query keys of the organisation's start with the owner's).
  const reload = () => queryClient.invalidateQueries({ queryKey: integrationKeys.tokens });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSignInAgain(false);
    try {
      setCreated((await integrationsApi.createToken({ name: name.trim(), scopes: chosen, ...(organisationId ? { organisationId } : {}) })).token);
      setName('');
      await reload();
    } catch (failure) {
      if (needsRecentLogin(failure)) setSignInAgain(true);
      else setError(errorMessage(failure, tm));
    }
  };
  const revoke = async (token: ApiToken) => {
    if (!(await confirm({ title: t('tokens.revoke_title'), message: t('tokens.revoke_message', { name: token.name }), confirmLabel: t('tokens.revoke') })))
      return;
    try {
      await integrationsApi.revokeToken(token.id, token.organisationId ?? undefined);
      toast.success(t('tokens.revoked'));
    } catch (failure) {
      toast.error(errorMessage(failure, tm));
    }
    await reload();
  };
  const toggle = (scope: ApiScope) => setScopes((current) => (current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope]));

  return (
    <section className="content-card security-section" aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="card-title">
        {t('tokens.title')}
      </h2>
      <p className="lead">{t('tokens.intro')}</p>
      {created && <SecretOnce label={t('tokens.token')} value={created} onDone={() => setCreated(null)} />}
      {tokens.isPending ? (
        <LoadingBlock />
      ) : tokens.isError ? (
        <FormAlert>{errorMessage(tokens.error, tm)}</FormAlert>
      ) : (
        <TokenList tokens={own ?? []} empty={t('tokens.none')} when={when} onRevoke={revoke} />
      )}
      {organisation && (
        <>
          <h3 className="integration-subtitle">{t('tokens.organisation_title', { name: organisation.name })}</h3>
          {orgTokens.isPending ? (
            <LoadingBlock />
          ) : orgTokens.isError ? (
            <FormAlert>{errorMessage(orgTokens.error, tm)}</FormAlert>
          ) : (
            <TokenList tokens={orgTokens.data} empty={t('tokens.organisation_none')} when={when} onRevoke={revoke} withMaker />
          )}
        </>
      )}
      <form className="security-form integration-form" onSubmit={create}>
        <h3 className="integration-subtitle">{t('tokens.add')}</h3>
        <FormField label={t('tokens.name')} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        {organisation && (
          <fieldset className="integration-choices">
            <legend>{t('tokens.for')}</legend>
            <label className="checkbox-row">
              <input type="radio" name="token-for" checked={!forOrganisation} onChange={() => setForOrganisation(false)} />
              <span>{t('tokens.for_me')}</span>
            </label>
            <label className="checkbox-row">
              <input type="radio" name="token-for" checked={forOrganisation} onChange={() => setForOrganisation(true)} />
              <span>{t('tokens.for_organisation', { name: organisation.name })}</span>
            </label>
          </fieldset>
        )}
        <fieldset className="integration-choices">
          <legend>{t('tokens.scopes')}</legend>
          {offered.map((scope) => (
            <label key={scope} className="checkbox-row">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
              <span>
                {t(`scopes.${scope.replace(':', '_') as 'leads_read'}`)} <code>{scope}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="api-example">
          <p id="api-example-title">{t('tokens.example')}</p>
          <pre aria-labelledby="api-example-title">
            <code>{exampleCall({ origin: location.origin, scopes: chosen, organisationId, tokenPlaceholder: t('tokens.example_token') })}</code>
          </pre>
          <p className="meta-text">
            <a href="/docs" target="_blank" rel="noopener">
              {t('tokens.docs')}
            </a>
          </p>
        </div>
        <FormAlert>{error}</FormAlert>
        {signInAgain && (
          <SignInAgainAlert
            message={t('tokens.recent_login')}
            action={t('tokens.sign_in_again')}
            onLeave={() => keepDraft(DRAFT_KEY, { name, scopes, forOrganisation } satisfies TokenDraft)}
          />
        )}
        <button type="submit" className="btn btn-primary" disabled={!name.trim() || chosen.length === 0}>
          {t('tokens.create')}
        </button>
      </form>
      {confirmDialog}
    </section>
  );
}

/** A list of tokens with their scopes, last use and (an organisation's) maker, each revocable. */
function TokenList(props: { tokens: ApiToken[]; empty: string; when: (ms: number) => string; onRevoke: (token: ApiToken) => void; withMaker?: boolean }) {
  const { t } = useTranslation('integrations');
  if (props.tokens.length === 0) return <p className="integration-empty">{props.empty}</p>;
  return (
    <ul className="session-list">
      {props.tokens.map((token) => (
        <li key={token.id} className="session-row">
          <div className="session-body">
            <span className="session-device">
              {token.name}
              {token.organisationId && !props.withMaker && <span className="badge badge-neutral">{t('tokens.organisation')}</span>}
            </span>
            <span className="meta-text">
              {token.scopes.join(', ')} · {token.lastUsedAt ? t('tokens.last_used', { date: props.when(token.lastUsedAt) }) : t('tokens.never_used')}
              {props.withMaker && ` · ${t('tokens.made_by', { email: token.createdByEmail })}`}
            </span>
          </div>
          <button type="button" className="btn btn-danger btn-small" onClick={() => props.onRevoke(token)}>
            {t('tokens.revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}
