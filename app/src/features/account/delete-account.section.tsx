import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApi, accountKeys } from './account.api.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/index.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { securityErrorText } from './security-errors.ts';

/** Issue 13.3: deletes the account after the password (and the second factor when it is on). */
export function DeleteAccountSection({ needsCode }: { needsCode: boolean }) {
  const { t } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; field?: string; code?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  // Accounts made by company sign-in have no password: a fresh company sign-in stands in for it.
  const methods = useQuery({ queryKey: accountKeys.signInMethods(), queryFn: accountApi.signInMethods });
  const hasPassword = methods.data?.some((m) => m.providerId === 'credential') ?? true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (hasPassword && !password) {
      setError({ text: t('errors.password_required'), field: 'password' });
      return;
    }
    if (!(await confirm({ title: t('delete.confirm_title'), message: t('delete.confirm_message'), confirmLabel: t('delete.confirm_button') }))) return;
    setBusy(true);
    try {
      await accountApi.deleteAccount(hasPassword ? password : undefined, needsCode ? code.trim() : undefined);
      toast.success(t('delete.done'));
      await signOut();
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'cmc/last-owner') setError({ text: t('delete.last_owner'), code: err.code });
      else setError({ text: securityErrorText(err, t, tm), field: err instanceof ApiRequestError ? err.field : undefined });
      setBusy(false);
    }
  };

  return (
    <section className="content-card security-section security-danger" aria-labelledby="delete-title">
      <h2 id="delete-title" className="card-title">
        {t('delete.title')}
      </h2>
      <p className="lead">{t('delete.intro')}</p>
      <form className="security-form" onSubmit={submit} noValidate>
        {hasPassword ? (
          <FormField
            label={t('delete.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={error?.field === 'password' ? error.text : null}
            onChange={(e) => setPassword(e.target.value)}
          />
        ) : (
          <p className="muted">{t('delete.company_hint')}</p>
        )}
        {needsCode && (
          <FormField
            label={t('delete.code')}
            autoComplete="one-time-code"
            inputMode="text"
            required
            value={code}
            error={error?.field === 'code' ? error.text : null}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <FormAlert>
          {error && !error.field ? (
            <>
              {error.text}
              {/* Issue 24: the last owner hands the organisation over on the Team screen first. */}
              {error.code === 'cmc/last-owner' && (
                <>
                  {' '}
                  <Link to="/team">{t('delete.last_owner_link')}</Link>
                </>
              )}
            </>
          ) : null}
        </FormAlert>
        <div>
          <button className="btn btn-danger" type="submit" disabled={busy}>
            {t('delete.button')}
          </button>
        </div>
      </form>
      {confirmDialog}
    </section>
  );
}
