import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiRequestError } from '../../lib/api-client.ts';
import { authClient } from './auth-client.ts';
import { resetErrorKey, type ResetErrorKey } from './auth-error-messages.ts';
import { FormAlert, FormField, NewPasswordFields } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/**
 * SPEC 2, Reset password. Without a token: the e-mail form that sends the reset mail. With
 * `?token=` (the mail's link): the new-password form, which Firebase used to host for the original.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function RequestResetForm() {
  const { t } = useTranslation('reset_password');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ResetErrorKey | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await authClient.requestPasswordReset(email.trim());
      toast.success(t('sent_reset_email_info'));
      navigate('/');
    } catch (err) {
      setError(resetErrorKey((err as ApiRequestError).code));
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <form onSubmit={submit} noValidate>
        <FormField label={t('email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormAlert>{error && t(error)}</FormAlert>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t('send')}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login">{t('back_to_login')}</Link>
      </p>
    </section>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('reset_password');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<ResetErrorKey | 'passwords_not_match_info' | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('new_password_title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== repeat) {
      setError('passwords_not_match_info');
      return;
    }
    setBusy(true);
    try {
      await authClient.resetPassword(password, token);
      toast.success(t('password_reset_info'));
      navigate('/login', { replace: true });
    } catch (err) {
      setError(resetErrorKey((err as ApiRequestError).code));
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="new-password-title">
      <h1 id="new-password-title">{t('new_password_title')}</h1>
      <p className="lead">{t('new_password_intro')}</p>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          labels={{ password: t('new_password'), repeat: t('repeat_password') }}
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
        <FormAlert>{error && t(error)}</FormAlert>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {t('save_new_password')}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/reset-password">{t('request_new_link')}</Link>
      </p>
    </section>
  );
}
