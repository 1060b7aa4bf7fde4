import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from './auth.context.tsx';
import { registerErrorKey } from './auth-error-messages.ts';
import { readPendingInvitation } from './pending-invitation.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** Issue 35: who invites, loaded only when an invitation brought the person here. */
const InvitationNote = lazy(() => import('./invitation-note.tsx'));

/** Error keys this screen shows inline. */
type RegisterMessage = ReturnType<typeof registerErrorKey> | 'accept_tos_info';

/** SPEC 2, Register: e-mail, password, terms checkbox, create user, and a way to login. */
export default function RegisterPage() {
  const { t } = useTranslation('register_page');
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [error, setError] = useState<RegisterMessage | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 35: the invitation that brought the person here; the confirmation mail's link leads to it.
  const [invitation] = useState(readPendingInvitation);
  useDocumentTitle(t('title'));

  const loginHref = (address: string) => (address ? `/login?email=${encodeURIComponent(address)}` : '/login');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // SPEC 5: the terms must be accepted before anything is sent.
    if (!acceptedTerms) {
      setError('accept_tos_info');
      return;
    }
    setBusy(true);
    try {
      await signUp(email.trim(), password);
      toast.success(t('verification_sent_info', { email: email.trim() }));
      navigate('/', { replace: true });
    } catch (err) {
      const key = registerErrorKey((err as ApiRequestError).code);
      setBusy(false);
      if (key === 'email_already_in_use_info') {
        // SPEC 8: the address has an account, so the owner most likely wants to sign in.
        toast.info(t(key));
        navigate(loginHref(email.trim()));
        return;
      }
      setError(key);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {invitation && (
        <Suspense fallback={null}>
          <InvitationNote token={invitation} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <FormField label={t('email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormField
          label={t('password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t('password_hint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="checkbox-row">
          <input id="accept-terms" type="checkbox" checked={acceptedTerms} onChange={(e) => setAcceptedTerms(e.target.checked)} />
          <label htmlFor="accept-terms">
            <Trans t={t} i18nKey="accept_tos" components={{ terms: <Link to="/terms" target="_blank" /> }} />
          </label>
        </div>
        <FormAlert>{error && t(error)}</FormAlert>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? t('creating') : t('submit')}
        </button>
      </form>
      <p className="auth-switch">
        {t('have_account')}{' '}
        <button type="button" className="btn-link" onClick={() => navigate(loginHref(email.trim()))}>
          {t('to_login')}
        </button>
      </p>
    </section>
  );
}
