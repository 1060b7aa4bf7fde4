import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasskeyError, passkeyClient, type Passkey } from '../auth/index.ts';
import { FormAlert, FormField } from '../../components/form-field.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { securityErrorText } from './security-errors.ts';

const PASSKEYS_KEY = ['account', 'passkeys'] as const;

/**
 * Issue 13.6: passkeys (better-auth's passkey plugin). Lists the account's passkeys with name
 * and date; adds one with the browser's WebAuthn ceremony; renames and removes them (removal
 * after a confirmation).
 */
export function PasskeysSection() {
  const { t, i18n } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: passkeyClient.list, staleTime: 0 });
  const [confirmDialog, confirm] = useConfirm();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string; error: string | null } | null>(null);

  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const nameOf = (p: Passkey) => p.name || t('passkeys.unnamed');
  const textOf = (err: unknown) => (err instanceof PasskeyError ? t(`passkeys.errors.${err.reason}`) : securityErrorText(err, t, tm));
  const reload = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await passkeyClient.add(name);
      setName('');
      toast.success(t('passkeys.added'));
    } catch (err) {
      setError(textOf(err));
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    if (!editing.name.trim()) {
      setEditing({ ...editing, error: t('passkeys.name_required') });
      return;
    }
    try {
      await passkeyClient.rename(editing.id, editing.name.trim());
      setEditing(null);
      toast.success(t('passkeys.renamed'));
    } catch (err) {
      setEditing({ ...editing, error: textOf(err) });
    }
    await reload();
  };

  const remove = async (passkey: Passkey) => {
    const yes = await confirm({
      title: t('passkeys.remove_title'),
      message: t('passkeys.remove_message', { name: nameOf(passkey) }),
      confirmLabel: t('passkeys.remove'),
    });
    if (!yes) return;
    try {
      await passkeyClient.remove(passkey.id);
      toast.success(t('passkeys.removed'));
    } catch (err) {
      toast.error(textOf(err));
    }
    await reload();
  };

  return (
    <section className="content-card security-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="card-title">
        {t('passkeys.title')}
      </h2>
      <p className="lead">{t('passkeys.intro')}</p>
      {passkeys.isPending ? (
        <LoadingBlock />
      ) : passkeys.isError ? (
        <p className="alert alert-error" role="alert">
          {t('passkeys.load_failed', { message: securityErrorText(passkeys.error, t, tm) })}
        </p>
      ) : passkeys.data.length === 0 ? (
        <p className="muted">{t('passkeys.empty')}</p>
      ) : (
        <ul className="session-list passkey-list">
          {passkeys.data.map((passkey) =>
            editing?.id === passkey.id ? (
              <li key={passkey.id} className="session-row passkey-row">
                <form className="passkey-rename" onSubmit={saveName} noValidate>
                  <FormField
                    label={t('passkeys.rename_label', { name: nameOf(passkey) })}
                    autoFocus
                    maxLength={60}
                    value={editing.name}
                    error={editing.error}
                    onChange={(e) => setEditing({ ...editing, name: e.target.value, error: null })}
                  />
                  <div className="button-row">
                    <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(null)}>
                      {t('passkeys.cancel')}
                    </button>
                    <button type="submit" className="btn btn-primary btn-small">
                      {t('passkeys.save')}
                    </button>
                  </div>
                </form>
              </li>
            ) : (
              <li key={passkey.id} className="session-row passkey-row">
                <div className="session-body">
                  <span className="session-device">{nameOf(passkey)}</span>
                  <span className="meta-text">{t('passkeys.created', { date: when(passkey.createdAt) })}</span>
                </div>
                <div className="passkey-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={t('passkeys.rename_passkey', { name: nameOf(passkey) })}
                    onClick={() => setEditing({ id: passkey.id, name: passkey.name ?? '', error: null })}
                  >
                    {t('passkeys.rename')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={t('passkeys.remove_passkey', { name: nameOf(passkey) })}
                    onClick={() => void remove(passkey)}
                  >
                    {t('passkeys.remove')}
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <form className="security-form" onSubmit={add} noValidate>
        <FormField label={t('passkeys.name')} hint={t('passkeys.name_hint')} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        <FormAlert>{error}</FormAlert>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('passkeys.adding') : t('passkeys.add')}
          </button>
        </div>
      </form>
      {confirmDialog}
    </section>
  );
}
