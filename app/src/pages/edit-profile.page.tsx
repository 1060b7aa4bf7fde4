import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, apiDownloadFile } from '../api/api-client.ts';
import { useAppConfig } from '../api/app-config.query.ts';
import { errorMessage } from '../api/error-text.ts';
import { linksApi } from '../api/links.api.ts';
import { profileKeys, profilesApi, vcfUrl } from '../api/profiles.api.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { WEB_LINK_TYPES } from '../../../shared/schemas/link.schema.ts';
import { PROFILE_FIELD_MAX, profileCreateSchema, type Profile, type ProfileTextField } from '../../../shared/schemas/profile.schema.ts';
import { FormField } from '../components/form-field.tsx';
import { LoadingBlock } from '../components/spinner.tsx';
import { toast } from '../components/toast.ts';
import { useConfirm } from '../components/use-confirm.tsx';
import { saveBlob } from '../hooks/save-blob.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { ImagePicker } from '../profile/image-picker.tsx';
import { LinkListEditor } from '../profile/link-list.editor.tsx';
import {
  checkShortLinkId,
  draftsFromLinks,
  emptyFields,
  fieldsFromProfile,
  isWebLinkType,
  linkInBioUrl,
  newLinkDraft,
  orderedLinks,
  planLinkSave,
  renumberSaved,
  SOCIAL_LINK_TYPES,
  type LinkDraft,
  type ProfileFields,
} from '../profile/profile-form.ts';

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
  if (!isNew && (profile.isPending || !profile.isFetchedAfterMount)) return <LoadingBlock />;
  // Keyed by the answer's time: after a save the editor starts again from what the server stored.
  return <ProfileEditor key={isNew ? 'new' : `${id}:${profile.dataUpdatedAt}`} profile={isNew ? null : (profile.data ?? null)} />;
}

/** Field lists of the collapsible groups (SPEC 2, SPEC 3). */
const BUSINESS_FIELDS: ProfileTextField[] = [
  'companyName',
  'jobTitle',
  'businessUnit',
  'businessEmailAddress',
  'businessPhoneNumber',
  'businessMobileNumber',
  'businessFax',
  'companyWebsiteUrl',
];
const PRIVATE_FIELDS: ProfileTextField[] = ['mobileNumber', 'phoneNumber', 'emailAddress'];
const ADDRESS_FIELDS: ProfileTextField[] = ['streetAndNumber', 'zip', 'city', 'country'];

/** Input type and autofill hint per field, so phones show the right keyboard. */
const FIELD_INPUT: Partial<Record<ProfileTextField, { type: string; autoComplete?: string; inputMode?: 'url' }>> = {
  emailAddress: { type: 'email', autoComplete: 'email' },
  businessEmailAddress: { type: 'email', autoComplete: 'work email' },
  mobileNumber: { type: 'tel', autoComplete: 'tel' },
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
  businessMobileNumber: { type: 'tel', autoComplete: 'work tel' },
  businessPhoneNumber: { type: 'tel', autoComplete: 'work tel' },
  businessFax: { type: 'tel', autoComplete: 'off' },
  companyWebsiteUrl: { type: 'text', autoComplete: 'url', inputMode: 'url' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  personalTitle: { type: 'text', autoComplete: 'honorific-prefix' },
  companyName: { type: 'text', autoComplete: 'organization' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
  streetAndNumber: { type: 'text', autoComplete: 'street-address' },
  zip: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
  country: { type: 'text', autoComplete: 'country-name' },
};

function ProfileEditor({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation('edit_profile');
  const { t: tm } = useTranslation('molecules');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig().data;
  const [confirmDialog, confirm] = useConfirm();
  const isNew = profile === null;

  const [fields, setFields] = useState<ProfileFields>(() => (profile ? fieldsFromProfile(profile) : emptyFields()));
  const initialDrafts = useMemo(() => draftsFromLinks(profile?.socialMediaLinks ?? []), [profile]);
  const [webLinks, setWebLinks] = useState<LinkDraft[]>(() => initialDrafts.filter((d) => isWebLinkType(d.type)));
  const [socialLinks, setSocialLinks] = useState<LinkDraft[]>(() => initialDrafts.filter((d) => !isWebLinkType(d.type)));
  const [imagePath, setImagePath] = useState(profile?.profileImagePath ?? null);
  const [logoPath, setLogoPath] = useState(profile?.profileLogoPath ?? null);
  const [shortLinkId, setShortLinkId] = useState(profile?.shortLinkId ?? '');
  const [savedShortLinkId, setSavedShortLinkId] = useState(profile?.shortLinkId ?? '');
  const [shortLinkError, setShortLinkError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(isNew ? t('title_new') : t('title'));

  const setField = (field: ProfileTextField, value: string) => setFields((f) => ({ ...f, [field]: value }));
  // Only the list refetches now; the editor's own query is refetched when it mounts again.
  const invalidate = () => queryClient.invalidateQueries({ queryKey: profileKeys.list() });

  const fieldInput = (field: ProfileTextField) => (
    <FormField
      key={field}
      label={t(`fields.${field}`)}
      name={field}
      maxLength={PROFILE_FIELD_MAX[field]}
      type={FIELD_INPUT[field]?.type ?? 'text'}
      autoComplete={FIELD_INPUT[field]?.autoComplete ?? 'off'}
      inputMode={FIELD_INPUT[field]?.inputMode}
      value={fields[field]}
      onChange={(e) => setField(field, e.target.value)}
    />
  );

  // ---- links ---------------------------------------------------------------------------
  const patchLink = (key: string, patch: Partial<Pick<LinkDraft, 'type' | 'link' | 'name'>>) => {
    const apply = (list: LinkDraft[]) => list.map((d) => (d.key === key ? { ...d, ...patch } : d));
    setWebLinks(apply);
    setSocialLinks(apply);
  };

  /** SPEC 4: a reorder renumbers sort 1..n and saves every link at once. */
  const reorder = async (web: LinkDraft[], social: LinkDraft[]) => {
    setWebLinks(web);
    setSocialLinks(social);
    if (isNew) return;
    const sorts = renumberSaved(orderedLinks(web, social));
    try {
      await Promise.all(sorts.map(({ id, sort }) => linksApi.update({ socialMediaLinkId: id, sort })));
      const sortOf = new Map(sorts.map((s) => [s.id, s.sort]));
      const stamp = (list: LinkDraft[]) => list.map((d) => (d.id && d.saved ? { ...d, saved: { ...d.saved, sort: sortOf.get(d.id) ?? d.saved.sort } } : d));
      setWebLinks(stamp);
      setSocialLinks(stamp);
      toast.success(t('links.order_saved'));
      void invalidate();
    } catch (error) {
      toast.error(t('not_saved_successfully', { message: errorMessage(error, tm) }));
    }
  };

  const deleteLink = async (draft: LinkDraft) => {
    const ok = await confirm({
      title: t('links.delete_title'),
      message: t('links.delete_confirm', { name: draft.name || draft.link || t('links.empty_link') }),
    });
    if (!ok) return;
    if (draft.id) {
      try {
        await linksApi.remove(draft.id);
        void invalidate();
      } catch (error) {
        toast.error(errorMessage(error, tm));
        return;
      }
    }
    setWebLinks((list) => list.filter((d) => d.key !== draft.key));
    setSocialLinks((list) => list.filter((d) => d.key !== draft.key));
  };

  const onLinkChange = patchLink;

  // ---- save ----------------------------------------------------------------------------
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileCreateSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(t('not_saved_successfully', { message: `${issue?.path.join('.')}: ${issue?.message}` }));
      return;
    }
    setSaving(true);
    try {
      const saved = profile ? await profilesApi.update({ ...fields, id: profile.id }) : await profilesApi.create(fields);
      const plan = planLinkSave(orderedLinks(webLinks, socialLinks));
      for (const { draft, sort } of plan.create) {
        await linksApi.create({ profileId: saved.id, type: draft.type, link: draft.link.trim(), name: draft.name, sort });
      }
      for (const { draft, sort } of plan.update) {
        const value = draft.link.trim();
        await linksApi.update({
          socialMediaLinkId: draft.id as string,
          type: draft.type,
          ...(value ? { link: value } : {}),
          name: draft.name,
          sort,
        });
      }
      void invalidate();
      toast.success(t('saved_successfully'));
      // SPEC 2: after save the owner is on /profile/{id}, and the editor shows what the server stored.
      if (profile) await queryClient.refetchQueries({ queryKey: profileKeys.detail(saved.id), exact: true });
      else navigate(`/profile/${encodeURIComponent(saved.id)}`, { replace: true });
    } catch (error) {
      toast.error(t('not_saved_successfully', { message: errorMessage(error, tm) }));
    } finally {
      setSaving(false);
    }
  };

  // ---- images --------------------------------------------------------------------------
  const uploadImage = async (file: File) => {
    if (!profile) return;
    try {
      const answer = await profilesApi.uploadImage(profile.id, file);
      setImagePath(answer.profileImagePath);
      toast.success(t('image_uploaded'));
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: ['login-image'] });
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
  };
  const uploadLogo = async (file: File) => {
    if (!profile) return;
    try {
      const answer = await profilesApi.uploadLogo(profile.id, file);
      setLogoPath(answer.profileLogoPath);
      toast.success(t('logo_uploaded'));
      void invalidate();
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
  };
  const removeLogo = async () => {
    if (!profile) return;
    if (!(await confirm({ title: t('logo_delete_title'), message: t('logo_delete_confirm') }))) return;
    try {
      await profilesApi.deleteLogo(profile.id);
      setLogoPath(null);
      toast.success(t('logo_deleted'));
      void invalidate();
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
  };

  // ---- short link ----------------------------------------------------------------------
  const saveShortLink = async () => {
    if (!profile) return;
    setShortLinkError(null);
    const problem = checkShortLinkId(savedShortLinkId, shortLinkId);
    if (problem) {
      setShortLinkError(t(problem));
      return;
    }
    try {
      const updated = await profilesApi.updateShortLink(profile.id, shortLinkId.trim());
      setSavedShortLinkId(updated.shortLinkId);
      setShortLinkId(updated.shortLinkId);
      toast.success(t('short_link_saved'));
      void invalidate();
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : '';
      if (code === ErrorCode.shortLinkUnchanged) setShortLinkError(t('short_link_old_id'));
      else if (code === ErrorCode.invalidInput) setShortLinkError(t('short_link_invalid'));
      else setShortLinkError(t('short_link_not_saved', { message: errorMessage(error, tm) }));
    }
  };

  const copyLinkInBio = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('copied'));
    } catch {
      toast.error(t('not_copied'));
    }
  };

  // ---- vCard and removal ---------------------------------------------------------------
  const shareVcard = async () => {
    if (!profile) return;
    try {
      const download = await apiDownloadFile(vcfUrl({ id: profile.id, businessNote: fields.businessNote }));
      // The server names the file (vcard.builder.ts), so app and page downloads are named alike.
      const fileName = download.fileName ?? 'contact.vcf';
      const file = new File([download.blob], fileName, { type: 'text/vcard' });
      // The Web Share API hands the file to the phone's share sheet; elsewhere it is a download.
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        try {
          await navigator.share({ files: [file], title: fileName.replace(/\.vcf$/, '') });
        } catch (error) {
          if ((error as Error).name !== 'AbortError') saveBlob(file, fileName);
        }
      } else {
        saveBlob(file, fileName);
      }
    } catch (error) {
      toast.error(t('vcard_failed', { message: errorMessage(error, tm) }));
    }
  };

  const removeProfile = async () => {
    if (!profile) return;
    const ok = await confirm({
      title: t('remove_title'),
      message: t('remove_confirm', { name: fields.profileName || t('this_profile') }),
    });
    if (!ok) return;
    try {
      await profilesApi.remove(profile.id);
      toast.success(t('removed'));
      await invalidate();
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
  };

  const bioUrl = config && savedShortLinkId ? linkInBioUrl(config.publicUrl, savedShortLinkId) : null;

  return (
    <form className="edit-profile stack" onSubmit={save} noValidate aria-labelledby="edit-title">
      <div className="page-head">
        <Link to="/" className="back-link">
          ← {tm('back_to_overview')}
        </Link>
        <h1 id="edit-title">{isNew ? t('title_new') : t('title')}</h1>
      </div>

      <section className="content-card stack" aria-labelledby="basics-title">
        <h2 id="basics-title" className="card-title">
          {t('groups.basics')}
        </h2>
        {fieldInput('profileName')}
        <div className="image-row">
          <ImagePicker
            kind="image"
            label={t('profile_image')}
            src={imagePath}
            disabledReason={isNew ? t('save_first_for_images') : undefined}
            onUpload={uploadImage}
            onTooLarge={() => toast.error(t('image_too_large'))}
          />
          {/* SPEC 2: no logo for a profile that does not exist yet. */}
          {!isNew && (
            <ImagePicker
              kind="logo"
              label={t('logo')}
              src={logoPath}
              onUpload={uploadLogo}
              onTooLarge={() => toast.error(t('logo_too_large'))}
              onRemove={() => void removeLogo()}
            />
          )}
        </div>
        {!isNew && (
          <p className="stat">
            <span className="stat-value">{profile.profileViews}</span>
            <span className="stat-label">{t('views', { count: profile.profileViews })}</span>
          </p>
        )}
        <div className="field-grid names">
          {fieldInput('personalTitle')}
          {fieldInput('firstName')}
          {fieldInput('lastName')}
        </div>
      </section>

      <Group title={t('groups.business')} defaultOpen>
        <div className="field-grid">{BUSINESS_FIELDS.map(fieldInput)}</div>
        <div className="field">
          <label htmlFor="businessNote">{t('fields.businessNote')}</label>
          <textarea
            id="businessNote"
            rows={4}
            maxLength={PROFILE_FIELD_MAX.businessNote}
            value={fields.businessNote}
            onChange={(e) => setField('businessNote', e.target.value)}
          />
        </div>
      </Group>

      <Group title={t('groups.private')}>
        <div className="field-grid">{PRIVATE_FIELDS.map(fieldInput)}</div>
      </Group>

      <Group title={t('groups.weblinks')} count={webLinks.length} defaultOpen>
        <LinkListEditor
          group="web"
          links={webLinks}
          types={WEB_LINK_TYPES}
          onChange={onLinkChange}
          onDelete={(d) => void deleteLink(d)}
          onReorder={(list) => void reorder(list, socialLinks)}
          onAdd={() => setWebLinks((list) => [...list, newLinkDraft('website')])}
        />
      </Group>

      <Group title={t('groups.social')} count={socialLinks.length} defaultOpen>
        <LinkListEditor
          group="social"
          links={socialLinks}
          types={SOCIAL_LINK_TYPES}
          onChange={onLinkChange}
          onDelete={(d) => void deleteLink(d)}
          onReorder={(list) => void reorder(webLinks, list)}
          onAdd={() => setSocialLinks((list) => [...list, newLinkDraft('instagram')])}
        />
      </Group>

      <Group title={t('groups.address')}>
        <div className="field-grid">{ADDRESS_FIELDS.map(fieldInput)}</div>
      </Group>

      <Group title={t('groups.link_in_bio')}>
        {isNew ? (
          <p className="muted">{t('save_first_for_link_in_bio')}</p>
        ) : (
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
              <button type="button" className="btn btn-secondary" onClick={() => void saveShortLink()}>
                {t('save_short_link')}
              </button>
            </div>
            {bioUrl && (
              <div className="copy-row">
                <a href={bioUrl} target="_blank" rel="noopener noreferrer" className="copy-url">
                  {bioUrl}
                </a>
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void copyLinkInBio(bioUrl)}>
                  {t('copy_link')}
                </button>
              </div>
            )}
          </div>
        )}
      </Group>

      {!isNew && (
        <section className="content-card stack" aria-labelledby="more-title">
          <h2 id="more-title" className="card-title">
            {t('groups.more')}
          </h2>
          <div className="more-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void shareVcard()}>
              {t('share_vcard')}
            </button>
            {/* SPEC 4 / D8: only a profile no card uses can be removed. */}
            {profile.isInUse ? (
              <p className="muted">{t('remove_in_use_hint')}</p>
            ) : (
              <button type="button" className="btn btn-ghost danger" onClick={() => void removeProfile()}>
                {t('remove_profile')}
              </button>
            )}
          </div>
        </section>
      )}

      <div className="action-bar">
        <div className="action-bar-inner">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('saving') : tm('save')}
          </button>
          {!isNew && (
            <Link to={`/profile/${encodeURIComponent(profile.id)}/preview`} className="btn btn-secondary">
              {t('preview')}
            </Link>
          )}
        </div>
      </div>
      {confirmDialog}
    </form>
  );
}

/** A collapsible group of the editor (SPEC 2), a native disclosure that works with the keyboard as is. */
function Group({ title, count, defaultOpen = false, children }: { title: string; count?: number; defaultOpen?: boolean; children: ReactNode }) {
  return (
    <details className="content-card group" open={defaultOpen}>
      <summary>
        <span className="group-title">{title}</span>
        {count !== undefined && count > 0 && <span className="group-count">{count}</span>}
      </summary>
      <div className="group-body stack">{children}</div>
    </details>
  );
}
