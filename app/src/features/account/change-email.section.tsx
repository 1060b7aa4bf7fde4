import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { authClient, useAuth } from '../auth/index.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { securityErrorText } from './security-errors.ts';

/** Issue 13.5: a new sign-in address, confirmed from the new mailbox (better-auth's change-email). */
export function ChangeEmailSection() {
  const { t } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const { user } = useAuth();
  const [newEmail, setNewEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = user?.email ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSentTo(null);
    const wanted = newEmail.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) {
      setError({ text: t('errors.invalid_email'), field: 'newEmail' });
      return;
    }
    if (wanted.toLowerCase() === current.toLowerCase()) {
      setError({ text: t('change_email.same_email'), field: 'newEmail' });
      return;
    }
    setBusy(true);
    try {
      await authClient.changeEmail(wanted);
      setSentTo(wanted);
      setNewEmail('');
    } catch (err) {
      setError({ text: securityErrorText(err, t, tm), field: err instanceof ApiRequestError ? err.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="content-card security-section" aria-labelledby="change-email-title">
      <h2 id="change-email-title" className="card-title">
        {t('change_email.title')}
      </h2>
      <p className="lead">{t('change_email.intro', { email: current })}</p>
      <form className="security-form" onSubmit={submit} noValidate>
        <FormField
          label={t('change_email.new_email')}
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          error={error?.field === 'newEmail' ? error.text : null}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <FormAlert>{error && error.field !== 'newEmail' ? error.text : null}</FormAlert>
        <FormAlert tone="success">{sentTo && t('change_email.sent', { email: sentTo })}</FormAlert>
        <div>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t('change_email.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
