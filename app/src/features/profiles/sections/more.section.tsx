import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAVE_WITHOUT_ASKING } from '../use-leave-guard.ts';
import { apiDownloadFile } from '../../../lib/api-client.ts';
import { profilesApi, vcfUrl } from '../profiles.api.ts';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { useEditorMutation } from '../editor-mutation.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';

/** The vCard of a profile, handed to the phone's share sheet where there is one, else downloaded. */
async function shareVcard(profileId: string, businessNote: string): Promise<void> {
  const download = await apiDownloadFile(vcfUrl({ id: profileId, businessNote }));
  // The server names the file (vcard.builder.ts), so app and page downloads are named alike.
  const fileName = download.fileName ?? 'contact.vcf';
  const file = new File([download.blob], fileName, { type: 'text/vcard' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: fileName.replace(/\.vcf$/, '') });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') saveBlob(file, fileName);
    }
  } else {
    saveBlob(file, fileName);
  }
}

/** SPEC 2, more: share the vCard, and remove the profile (hidden while a card uses it, D8). */
export function MoreSection({ profile, draft }: { profile: Profile; draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();

  const share = useEditorMutation({
    mutationFn: () => shareVcard(profile.id, draft.fields.businessNote),
    failure: (message) => t('vcard_failed', { message }),
    changesProfiles: false,
  });
  const remove = useEditorMutation({
    mutationFn: () => profilesApi.remove(profile.id),
    success: t('removed'),
    onSuccess: () => navigate('/', { replace: true, state: LEAVE_WITHOUT_ASKING }),
  });

  const removeProfile = async () => {
    const ok = await confirm({ title: t('remove_title'), message: t('remove_confirm', { name: draft.fields.profileName || t('this_profile') }) });
    if (ok) remove.mutate();
  };

  return (
    <section className="content-card stack" aria-labelledby="more-title">
      <h2 id="more-title" className="card-title">
        {t('groups.more')}
      </h2>
      <div className="more-actions">
        <button type="button" className="btn btn-secondary" onClick={() => share.mutate()}>
          {t('share_vcard')}
        </button>
        {profile.isInUse ? (
          <p className="muted">{t('remove_in_use_hint')}</p>
        ) : (
          <button type="button" className="btn btn-ghost danger" onClick={() => void removeProfile()}>
            {t('remove_profile')}
          </button>
        )}
      </div>
      {confirmDialog}
    </section>
  );
}
