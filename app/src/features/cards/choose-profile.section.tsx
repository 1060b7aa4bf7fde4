import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileKeys, profileLabel, profilesApi } from '../profiles/index.ts';
import { FormField } from '../../components/form-field.tsx';
import { Spinner } from '../../components/spinner.tsx';

/** What the owner chose for a card: an existing profile, or a new one with a name. */
export type CardProfileChoice = { profileId: string } | { firstName: string; lastName: string };

/**
 * Issue 23: before a card is registered the owner says which profile it shows, one of theirs
 * or a new one, and a new one gets a name first, so a visitor never scans a page without one.
 */
export function ChooseProfileSection({ busy, onChoose, onCancel }: { busy: boolean; onChoose: (choice: CardProfileChoice) => void; onCancel: () => void }) {
  const { t } = useTranslation('register_card');
  const { t: tm } = useTranslation('molecules');
  const profiles = useQuery({ queryKey: profileKeys.list(), queryFn: profilesApi.list });
  const [picked, setPicked] = useState<string>('new');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked !== 'new') return onChoose({ profileId: picked });
    if (!firstName.trim() && !lastName.trim()) {
      setNameError(t('choose.name_required'));
      return;
    }
    onChoose({ firstName: firstName.trim(), lastName: lastName.trim() });
  };

  if (profiles.isPending) return <Spinner label={tm('loading')} />;
  const list = profiles.data ?? [];
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <fieldset className="choice-list">
        <legend>{t('choose.title')}</legend>
        {list.map((profile) => (
          <label key={profile.id} className="choice">
            <input type="radio" name="cardProfile" value={profile.id} checked={picked === profile.id} onChange={() => setPicked(profile.id)} />
            <span>{profileLabel(profile) || profile.id}</span>
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="cardProfile" value="new" checked={picked === 'new'} onChange={() => setPicked('new')} />
          <span>{t('choose.new_profile')}</span>
        </label>
      </fieldset>
      {picked === 'new' && (
        <div className="stack">
          <p className="muted">{t('choose.new_profile_hint')}</p>
          <FormField
            label={t('choose.first_name')}
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={nameError}
          />
          <FormField
            label={t('choose.last_name')}
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('registering') : t('choose.submit')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {tm('cancel')}
        </button>
      </div>
    </form>
  );
}
