import { useCallback, useMemo, useState } from 'react';
import type { Profile, ProfileTextField } from '../../../../shared/schemas/profile.schema.ts';
import {
  draftsFromLinks,
  emptyFields,
  fieldsFromProfile,
  hasUnsavedChanges,
  isWebLinkType,
  lookChanged,
  lookFromProfile,
  type LinkDraft,
  type LookFields,
  type ProfileFields,
} from './profile-form.ts';

const NOTHING_LOCKED: ReadonlySet<ProfileTextField> = new Set();
const NO_LINKS_LOCKED: ReadonlySet<string> = new Set();

/** What a link row's inputs change. */
export type LinkPatch = Partial<Pick<LinkDraft, 'type' | 'link' | 'name'>>;

/**
 * What the owner typed into the editor and has not saved yet: the text fields and the two
 * link groups. It lives in the page and survives a failed save untouched; the page mounts it
 * again from the server's answer after a save. `locked`: the fields the profile's organisation
 * template locks (issue 24), which the inputs show read-only; `lockedLinks`: the ids of the
 * company links it locks, shown read-only and without a delete button.
 */
export function useProfileDraft(
  profile: Profile | null,
  locked: ReadonlySet<ProfileTextField> = NOTHING_LOCKED,
  lockedLinks: ReadonlySet<string> = NO_LINKS_LOCKED,
) {
  const [initialFields] = useState<ProfileFields>(() => (profile ? fieldsFromProfile(profile) : emptyFields()));
  const [fields, setFields] = useState<ProfileFields>(initialFields);
  // Issue 26: the page's look, saved with the profile.
  const [initialLook] = useState<LookFields>(() => lookFromProfile(profile));
  const [look, setLookState] = useState<LookFields>(initialLook);
  const setLook = useCallback((patch: Partial<LookFields>) => setLookState((l) => ({ ...l, ...patch })), []);
  const initialDrafts = useMemo(() => draftsFromLinks(profile?.socialMediaLinks ?? []), [profile]);
  const [webLinks, setWebLinks] = useState<LinkDraft[]>(() => initialDrafts.filter((d) => isWebLinkType(d.type)));
  const [socialLinks, setSocialLinks] = useState<LinkDraft[]>(() => initialDrafts.filter((d) => !isWebLinkType(d.type)));

  const setField = useCallback((field: ProfileTextField, value: string) => setFields((f) => ({ ...f, [field]: value })), []);

  /** Applies a change to the row with this key, in whichever group it is. */
  const patchLinks = useCallback((change: (list: LinkDraft[]) => LinkDraft[]) => {
    setWebLinks(change);
    setSocialLinks(change);
  }, []);

  const patchLink = useCallback(
    (key: string, patch: LinkPatch) => patchLinks((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d))),
    [patchLinks],
  );
  const dropLink = useCallback((key: string) => patchLinks((list) => list.filter((d) => d.key !== key)), [patchLinks]);

  const dirty = useMemo(
    () => hasUnsavedChanges(initialFields, fields, [...webLinks, ...socialLinks]) || lookChanged(initialLook, look),
    [initialFields, fields, webLinks, socialLinks, initialLook, look],
  );

  return { fields, look, setLook, locked, lockedLinks, dirty, setField, webLinks, socialLinks, setWebLinks, setSocialLinks, patchLinks, patchLink, dropLink };
}

/** The editor's unsaved state and its setters, as sections receive it. */
export type ProfileDraft = ReturnType<typeof useProfileDraft>;
