import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profilesApi } from '../profiles.api.ts';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';
import { toast } from '../../../components/toast.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { settled, useEditorMutation } from '../editor-mutation.ts';
import { ImagePicker } from '../image-picker.tsx';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { ProfileFieldInput } from './profile-field-input.tsx';

/**
 * SPEC 2, the first section: profile name, profile image, logo (not for a new profile), the
 * read-only view count, title, first and last name. Images are saved as soon as they are chosen.
 */
export function BasicsSection({ profile, draft }: { profile: Profile | null; draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  const queryClient = useQueryClient();
  const [confirmDialog, confirm] = useConfirm();
  const [imagePath, setImagePath] = useState(profile?.profileImagePath ?? null);
  const [logoPath, setLogoPath] = useState(profile?.profileLogoPath ?? null);
  const profileId = profile?.id ?? '';

  const uploadImage = useEditorMutation({
    mutationFn: (file: File) => profilesApi.uploadImage(profileId, file),
    success: t('image_uploaded'),
    onSuccess: (answer) => {
      setImagePath(answer.profileImagePath);
      // D15: the nav bar's avatar is the latest profile image.
      void queryClient.invalidateQueries({ queryKey: ['login-image'] });
    },
  });
  const uploadLogo = useEditorMutation({
    mutationFn: (file: File) => profilesApi.uploadLogo(profileId, file),
    success: t('logo_uploaded'),
    onSuccess: (answer) => setLogoPath(answer.profileLogoPath),
  });
  const deleteLogo = useEditorMutation({
    mutationFn: () => profilesApi.deleteLogo(profileId),
    success: t('logo_deleted'),
    onSuccess: () => setLogoPath(null),
  });

  const removeLogo = async () => {
    if (await confirm({ title: t('logo_delete_title'), message: t('logo_delete_confirm') })) deleteLogo.mutate();
  };

  return (
    <section className="content-card stack" aria-labelledby="basics-title">
      <h2 id="basics-title" className="card-title">
        {t('groups.basics')}
      </h2>
      <ProfileFieldInput field="profileName" draft={draft} />
      <div className="image-row">
        <ImagePicker
          kind="image"
          label={t('profile_image')}
          src={imagePath}
          disabledReason={profile ? undefined : t('save_first_for_images')}
          onUpload={(file) => settled(uploadImage.mutateAsync(file))}
          onTooLarge={() => toast.error(t('image_too_large'))}
        />
        {/* SPEC 2: no logo for a profile that does not exist yet. */}
        {profile && (
          <ImagePicker
            kind="logo"
            label={t('logo')}
            src={logoPath}
            onUpload={(file) => settled(uploadLogo.mutateAsync(file))}
            onTooLarge={() => toast.error(t('logo_too_large'))}
            onRemove={() => void removeLogo()}
          />
        )}
      </div>
      {profile && (
        <p className="stat">
          <span className="stat-value">{profile.profileViews}</span>
          <span className="stat-label">{t('views', { count: profile.profileViews })}</span>
        </p>
      )}
      <div className="field-grid names">
        <ProfileFieldInput field="personalTitle" draft={draft} />
        <ProfileFieldInput field="firstName" draft={draft} />
        <ProfileFieldInput field="lastName" draft={draft} />
      </div>
      {confirmDialog}
    </section>
  );
}
