import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiRequestError } from '../../lib/api-client.ts';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { authClient } from './auth-client.ts';
import { useAuth } from './auth.context.tsx';
import { loginErrorKey, type LoginErrorKey } from './auth-error-messages.ts';
import { PasskeyError } from './passkey-error.ts';
import { returnPath } from './return-path.ts';
import { acceptInvitationPath, invitationTokenOf, readPendingInvitation, rememberInvitation } from './pending-invitation.ts';
import type { FromState } from './require-auth.guard.tsx';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { VERIFY_CHECK_PARAM } from '../../../../shared/verification-link.ts';

/** Issue 35: who invites, loaded only when an invitation brought the person here. */
const InvitationNote = lazy(() => import('./invitation-note.tsx'));

/** SPEC 2, Login: e-mail (prefilled from ?email=), password, a note and the reset link. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const { user, signIn, signOut, verifySecondFactor, finishCompanySignIn, signInWithPasskey } = useAuth();
  const companySignIn = useAppConfig().data?.companySignIn;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const sso = params.get('sso');
  const [error, setError] = useState<LoginErrorKey | null>(sso === 'failed' ? 'company.failed' : null);
  const [busy, setBusy] = useState(sso === 'done');
  // Issue 13.4: with two-factor sign-in on, the password is followed by a code.
  const [step, setStep] = useState<'password' | 'totp' | 'backup'>('password');
  const [code, setCode] = useState('');
  useDocumentTitle(step === 'password' ? t('title') : t('two_factor.title'));

  const state = location.state as FromState | null;
  const from = state?.from;
  const reauth = Boolean(state?.reauth);
  // Issue 35: an invitation link opened signed out is kept through sign-up and confirmation.
  const fromInvitation = invitationTokenOf(from);
  const [invitation] = useState(() => fromInvitation ?? readPendingInvitation());
  useEffect(() => {
    if (fromInvitation) rememberInvitation(fromInvitation);
  }, [fromInvitation]);
  const endedStaleSession = useRef(false);
  useEffect(() => {
    // Sent here to sign in again: the stale session ends now that this form is on screen, once,
    // so the fresh sign-in that follows is never ended by a later render.
    if (!reauth || endedStaleSession.current) return;
    endedStaleSession.current = true;
    void signOut();
  }, [reauth, signOut]);
  // Issue 13.7: back from company sign-in (OIDC): take over its session (busy until then), or say it failed.
  const tookOverSso = useRef(false);
  const ssoReturn = returnPath(params.get('to'));
  useEffect(() => {
    if (sso !== 'done' || tookOverSso.current) return;
    tookOverSso.current = true;
    finishCompanySignIn()
      .then((signedIn) => {
        // Back to the screen that asked for the sign-in (e.g. sudo mode on the Integrations screen), else the overview.
        // Busy stays on while the screen loads: React Router renders this page on during that
        // transition, and a page no longer busy would send the signed-in owner to its own target.
        if (signedIn) navigate(ssoReturn, { replace: true });
        else {
          setError('company.failed');
          setBusy(false);
        }
      })
      .catch(() => {
        setError('company.failed');
        setBusy(false);
      });
  }, [sso, ssoReturn, finishCompanySignIn, navigate]);
  // Issue 27: the mail to a person provisioned by their company's directory links here with
  // ?company=1: company sign-in starts at once (one tap from the mail), once.
  const startedCompany = useRef(false);
  const companyStart = params.get('company') === '1' && !user && !sso ? companySignIn?.providerId : undefined;
  useEffect(() => {
    if (!companyStart || startedCompany.current) return;
    startedCompany.current = true;
    setBusy(true);
    authClient.startCompanySignIn(companyStart).catch(() => {
      setError('company.failed');
      setBusy(false);
    });
  }, [companyStart]);
  const target = from ? `${from.pathname}${from.search}${from.hash}` : sso === 'done' ? ssoReturn : invitation ? acceptInvitationPath(invitation) : '/';
  const arrival = verificationArrival(from?.search);
  // SPEC 2: a signed-in user is sent on (to the page the guard stopped, else to the overview),
  // unless the owner came to sign in again while the old session is being ended.
  if (user && !busy && !reauth) return <Navigate to={target} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if ('twoFactor' in result) {
        setStep('totp');
        setBusy(false);
        return;
      }
      navigate(target, { replace: true });
    } catch (err) {
      setError(loginErrorKey((err as ApiRequestError).code));
      setBusy(false);
    }
  };

  // Issue 13.6: a passkey signs in on its own (no password, no second factor).
  const passkeySignIn = async () => {
    setError(null);
    setBusy(true);
    try {
      await signInWithPasskey();
      navigate(target, { replace: true });
    } catch (err) {
      if (err instanceof PasskeyError) {
        const reason = err.reason === 'already_added' || err.reason === 'recent_login' ? 'failed' : err.reason;
        setError(`passkey.errors.${reason}`);
      } else setError(loginErrorKey((err as ApiRequestError).code));
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await verifySecondFactor(code.trim(), step === 'backup' ? 'backup' : 'totp');
      navigate(target, { replace: true });
    } catch (err) {
      const key = loginErrorKey((err as ApiRequestError).code);
      setError(key);
      // The challenge is gone (expired, used, or too many wrong codes): start again with the password.
      if (key === 'two_factor.expired' || key === 'too_many_requests_info') {
        setStep('password');
        setPassword('');
      }
      setCode('');
      setBusy(false);
    }
  };

  if (step !== 'password') {
    const backup = step === 'backup';
    return (
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('two_factor.title')}</h1>
        <p className="lead">{backup ? t('two_factor.note_backup') : t('two_factor.note')}</p>
        <form onSubmit={submitCode} noValidate>
          <FormField
            key={step}
            label={backup ? t('two_factor.backup_code') : t('two_factor.code')}
            name="code"
            autoComplete="one-time-code"
            inputMode={backup ? 'text' : 'numeric'}
            pattern={backup ? undefined : '[0-9]*'}
            maxLength={backup ? 11 : 6}
            required
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormAlert>{error && t(error)}</FormAlert>
          <button className="btn btn-primary btn-block" type="submit" disabled={busy || !code.trim()}>
            {busy ? t('signing_in') : t('two_factor.submit')}
          </button>
        </form>
        <p className="auth-links">
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setStep(backup ? 'totp' : 'backup');
              setCode('');
              setError(null);
            }}
          >
            {backup ? t('two_factor.use_app') : t('two_factor.use_backup')}
          </button>
        </p>
        <p className="auth-links">
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              setStep('password');
              setCode('');
              setError(null);
            }}
          >
            {t('two_factor.start_over')}
          </button>
        </p>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('title')}</h1>
      <p className="lead">{t('note')}</p>
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
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormAlert>{error && t(error)}</FormAlert>
        {/* Issue 23: the confirmation link of the sign-up mail, opened signed out, ends here. */}
        {!error && arrival && <FormAlert tone="info">{t(arrival)}</FormAlert>}
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? t('signing_in') : t('submit')}
        </button>
      </form>
      <p className="auth-links" aria-hidden="true">
        {t('passkey.or')}
      </p>
      <button type="button" className="btn btn-secondary btn-block" disabled={busy} onClick={() => void passkeySignIn()}>
        {t('passkey.button')}
      </button>
      {companySignIn && (
        <>
          <p className="auth-links" aria-hidden="true">
            {t('company.or')}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            disabled={busy}
            onClick={() => {
              setError(null);
              setBusy(true);
              authClient.startCompanySignIn(companySignIn.providerId, target).catch(() => {
                setError('company.failed');
                setBusy(false);
              });
            }}
          >
            {companySignIn.label}
          </button>
        </>
      )}
      <p className="auth-links">
        <Link to="/reset-password">{t('forgot_password')}</Link>
      </p>
      <p className="auth-switch">
        {t('no_account')} <Link to={email.trim() ? `/register?email=${encodeURIComponent(email.trim())}` : '/register'}>{t('to_register')}</Link>
      </p>
    </section>
  );
}

/**
 * Issue 23: what the login says about how the person got here from the confirmation link: bad or
 * expired (better-auth's `error=`), confirmed (the link's own `verified=1`), or signed out by an
 * "I've confirmed it" check (opening the link elsewhere ends this browser's session, issue 20).
 */
function verificationArrival(search: string | undefined): 'verify_link_invalid_info' | 'verified_info' | 'confirmed_elsewhere_info' | null {
  const query = new URLSearchParams(search ?? '');
  if (query.has('error')) return 'verify_link_invalid_info';
  if (query.get('verified') === '1') return 'verified_info';
  if (query.has(VERIFY_CHECK_PARAM)) return 'confirmed_elsewhere_info';
  return null;
}
