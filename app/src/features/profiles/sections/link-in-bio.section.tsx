import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.query.ts';
import { usePageOrigin } from '../profile-brand.query.ts';
import { profilesApi } from '../profiles.api.ts';
import { ErrorCode } from '../../../../../shared/error-codes.ts';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { toast } from '../../../components/toast.ts';
import { useEditorMutation } from '../editor-mutation.ts';
import { checkShortLinkId, linkInBioUrl } from '../profile-form.ts';
import { SectionGroup } from './section-group.tsx';

/**
 * SPEC 2 and 5, link in bio: the short link id is saved on its own button (errors under the
 * field), and the public link-in-bio address can be copied.
 */
export function LinkInBioSection({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation('edit_profile');
  return (
    <SectionGroup title={t('groups.link_in_bio')}>
      {profile ? <ShortLinkEditor profile={profile} /> : <p className="muted">{t('save_first_for_link_in_bio')}</p>}
    </SectionGroup>
  );
}

function ShortLinkEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation('edit_profile');
  const config = useAppConfig().data;
  // Issue 39: a company profile's link-in-bio address is at its organisation's own host once verified.
  const pageOrigin = usePageOrigin(profile?.id ?? null).data;
  const [shortLinkId, setShortLinkId] = useState(profile.shortLinkId);
  const [savedShortLinkId, setSavedShortLinkId] = useState(profile.shortLinkId);
  const [shortLinkError, setShortLinkError] = useState<string | null>(null);

  const saveShortLink = useEditorMutation({
    mutationFn: (value: string) => profilesApi.updateShortLink(profile.id, value),
    success: t('short_link_saved'),
    // Shown under the field, not as a toast: it is about what was typed there.
    failure: (message, error) => {
      const code = error instanceof ApiRequestError ? error.code : '';
      if (code === ErrorCode.shortLinkUnchanged) setShortLinkError(t('short_link_old_id'));
      else if (code === ErrorCode.invalidInput) setShortLinkError(t('short_link_invalid'));
      else setShortLinkError(t('short_link_not_saved', { message }));
      return null;
    },
    onSuccess: (updated) => {
      setSavedShortLinkId(updated.shortLinkId);
      setShortLinkId(updated.shortLinkId);
    },
  });

  const save = () => {
    setShortLinkError(null);
    const problem = checkShortLinkId(savedShortLinkId, shortLinkId);
    if (problem) setShortLinkError(t(problem));
    else saveShortLink.mutate(shortLinkId.trim());
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('copied'));
    } catch {
      toast.error(t('not_copied'));
    }
  };

  const bioUrl = config && savedShortLinkId ? linkInBioUrl(pageOrigin ?? config.publicUrl, savedShortLinkId) : null;
  return (
    <div className="stack">
      <p className="muted">{t('link_in_bio_intro')}</p>
      <div className="inline-form">
        <FormField
          label={t('short_link_id')}
          name="shortLinkId"
          autoComplete="off"
          maxLength={40}
          hint={t('short_link_hint')}
          error={shortLinkError}
          value={shortLinkId}
          onChange={(e) => setShortLinkId(e.target.value)}
        />
        <button type="button" className="btn btn-secondary" onClick={save}>
          {t('save_short_link')}
        </button>
      </div>
      {!config && savedShortLinkId && <span className="placeholder-line is-placeholder" aria-hidden="true" data-testid="link-in-bio-placeholder" />}
      {bioUrl && (
        <div className="copy-row">
          <a href={bioUrl} target="_blank" rel="noopener noreferrer" className="copy-url">
            {bioUrl}
          </a>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy(bioUrl)}>
            {t('copy_link')}
          </button>
        </div>
      )}
    </div>
  );
}
