import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-text.ts';
import { profileKeys, profilesApi } from './profiles.api.ts';
import { useProfileBrand } from './profile-brand.query.ts';
import { profileCreateSchema, type Profile, type ProfileSaveInput, type ProfileTextField } from '../../../../shared/schemas/profile.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { LEAVE_WITHOUT_ASKING, useLeaveGuard } from './use-leave-guard.ts';
import { useLeaveDialog } from './leave.dialog.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useEditorMutation } from './editor-mutation.ts';
import { linksToSave, orderedLinks } from './profile-form.ts';
import { AddressSection } from './sections/address.section.tsx';
import { AppearanceSection } from './sections/appearance.section.tsx';
import { BasicsSection } from './sections/basics.section.tsx';
import { BusinessSection } from './sections/business.section.tsx';
import { LinkInBioSection } from './sections/link-in-bio.section.tsx';
import { LinksSection } from './sections/links.section.tsx';
import { MoreSection } from './sections/more.section.tsx';
import { PrivateSection } from './sections/private.section.tsx';
import { SaveBarSection } from './sections/save-bar.section.tsx';
import { useProfileDraft } from './use-profile-draft.ts';
import { profileLabel } from './profile-label.ts';
import { ShareButton } from '../share/index.ts';

/** SPEC 2, Edit profile: `/profile/new` creates, `/profile/{id}` edits. */
export default function EditProfilePage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const profile = useQuery({
    queryKey: profileKeys.detail(id),
    queryFn: () => profilesApi.byId(id),
    enabled: !isNew,
    // The editor starts from the server's state, and a background refetch must not wipe typing.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Asked for beside the profile (issue 23: the editor's parts load in parallel).
  const locks = useQuery({ queryKey: profileKeys.lockedFields(id), queryFn: () => profilesApi.lockedFields(id), enabled: !isNew });
  // The Look section's note on the organisation's brand reads it; nothing waits for it.
  useProfileBrand(isNew ? null : id);
  const { t: tm } = useTranslation('molecules');
  if (!isNew && profile.isError) {
    return (
      <div className="content-card">
        <p className="alert alert-error" role="alert">
          {errorMessage(profile.error, tm)}
        </p>
        <Link to="/" className="btn btn-secondary">
          {tm('back_to_overview')}
        </Link>
      </div>
    );
  }
  if (!isNew && (profile.isPending || !profile.isFetchedAfterMount || locks.isPending)) return <LoadingBlock />;
  // Keyed by the answer's time: after a save the editor starts again from what the server stored.
  return (
    <ProfileEditor
      key={isNew ? 'new' : `${id}:${profile.dataUpdatedAt}`}
      profile={isNew ? null : (profile.data ?? null)}
      locked={new Set((locks.data?.lockedFields ?? []).filter((f) => f !== 'links'))}
      lockedLinks={new Set(locks.data?.lockedLinkIds ?? [])}
    />
  );
}

/**
 * The editor: one component per section of SPEC 2, sharing the unsaved draft. Save sends the
 * profile and all its links in one call, one transaction (POST /profile/save): it is stored
 * whole or not at all, and on failure everything typed stays for another try.
 */
function ProfileEditor({ profile, locked, lockedLinks }: { profile: Profile | null; locked: ReadonlySet<ProfileTextField>; lockedLinks: ReadonlySet<string> }) {
  const { t } = useTranslation('edit_profile');
  const { t: tm } = useTranslation('molecules');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draft = useProfileDraft(profile, locked, lockedLinks);
  const [saveError, setSaveError] = useState<string | null>(null);
  useDocumentTitle(profile ? t('title') : t('title_new'));

  const save = useEditorMutation({
    mutationFn: (body: ProfileSaveInput) => profilesApi.save(body),
    success: t('saved_successfully'),
    failure: (message) => {
      setSaveError(t('not_saved_successfully', { message }));
      return null;
    },
    // SPEC 2: after save the owner is on /profile/{id}, and the editor shows what the server stored.
    onSuccess: (saved) => {
      if (profile) queryClient.setQueryData(profileKeys.detail(saved.id), saved);
      else navigate(`/profile/${encodeURIComponent(saved.id)}`, { replace: true, state: LEAVE_WITHOUT_ASKING });
    },
  });

  /** The body of a save, or null when a field is refused (said where Save is). */
  const saveBody = (): ProfileSaveInput | null => {
    setSaveError(null);
    const parsed = profileCreateSchema.safeParse({ ...draft.fields, ...draft.look });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setSaveError(t('not_saved_successfully', { message: `${issue?.path.join('.')}: ${issue?.message}` }));
      return null;
    }
    return {
      profile: profile ? { ...draft.fields, ...draft.look, id: profile.id } : { ...draft.fields, ...draft.look },
      links: linksToSave(orderedLinks(draft.webLinks, draft.socialLinks)),
    };
  };

  // Issue 35: "Save and leave" saves as Save does; a refused save keeps the owner here, with its error.
  const saveBeforeLeaving = async (): Promise<boolean> => {
    const body = saveBody();
    if (!body) return false;
    return save.mutateAsync(body).then(
      () => true,
      () => false,
    );
  };
  const [leaveDialog, askToLeave] = useLeaveDialog();
  useLeaveGuard(draft.dirty, askToLeave, saveBeforeLeaving);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = saveBody();
    if (body) save.mutate(body);
  };

  return (
    <form className="edit-profile stack" onSubmit={submit} noValidate aria-labelledby="edit-title">
      <div className="page-head">
        <Link to="/" className="back-link">
          ← {tm('back_to_overview')}
        </Link>
        <h1 id="edit-title">{profile ? t('title') : t('title_new')}</h1>
        <p className="muted save-hint">{t('saves_at_once')}</p>
        {profile && <ShareButton target={{ id: profile.id, shortLinkId: profile.shortLinkId, name: profileLabel(profile) || profile.id }} />}
      </div>
      <BasicsSection profile={profile} draft={draft} />
      <BusinessSection draft={draft} />
      <PrivateSection draft={draft} />
      <LinksSection profile={profile} draft={draft} />
      <AddressSection draft={draft} />
      <AppearanceSection profile={profile} draft={draft} />
      <LinkInBioSection profile={profile} />
      {profile && <MoreSection profile={profile} draft={draft} />}
      <SaveBarSection profile={profile} saving={save.isPending} error={saveError} dirty={draft.dirty} />
      {leaveDialog}
    </form>
  );
}
