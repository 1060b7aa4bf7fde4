import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiRequestError } from '../../lib/api-client.ts';
import { authClient, type FromState, updatePasswordErrorKey, type UpdatePasswordErrorKey, useAuth } from '../auth/index.ts';
import { FormAlert, NewPasswordFields } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** SPEC 2, Change password: new password twice, save, back. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('update_password');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ key: UpdatePasswordErrorKey | 'passwords_not_match_info'; raw?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('title'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // SPEC 5: both fields equal and someone signed in.
    if (!password || password !== repeat || !user) {
      setError({ key: 'passwords_not_match_info' });
      return;
    }
    setBusy(true);
    try {
      await authClient.updatePassword(password);
      toast.success(t('password_changed_info'));
      navigate(-1);
    } catch (err) {
      const apiError = err as ApiRequestError;
      const key = updatePasswordErrorKey(apiError.code);
      // SPEC 8: the weak-password message shows the provider's own text as well.
      setError({ key, raw: key === 'login_first_for_change_info' ? undefined : apiError.message });
      setBusy(false);
    }
  };

  const loginAgain = () => {
    const email = user?.email ?? '';
    const state: FromState = { from: { pathname: '/change-password', search: '', hash: '' }, reauth: true };
    // Login ends the old session itself once it shows: signed out on this guarded route, the
    // guard would send the owner to /login without the address.
    navigate(`/login?email=${encodeURIComponent(email)}`, { replace: true, state });
  };

  return (
    <section className="auth-card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          labels={{ password: t('new_password'), repeat: t('repeat_password') }}
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
        <FormAlert>
          {error && (
            <>
              <span>{t(error.key)}</span>
              {error.raw && <span className="alert-detail">{error.raw}</span>}
              {error.key === 'login_first_for_change_info' && (
                <button type="button" className="btn btn-secondary btn-small" onClick={loginAgain}>
                  {t('login_again')}
                </button>
              )}
            </>
          )}
        </FormAlert>
        <div className="button-row">
          <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
            {t('back')}
          </button>
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {t('save')}
          </button>
        </div>
      </form>
    </section>
  );
}
