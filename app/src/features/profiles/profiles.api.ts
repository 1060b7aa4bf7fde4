import { z } from 'zod';
import {
  lockedFieldsSchema,
  profileBrandSchema,
  profileEnvelopeSchema,
  profileSchema,
  type Profile,
  type ProfileCreateInput,
  type ProfileSaveInput,
  type ProfileUpdateInput,
} from '../../../../shared/schemas/profile.schema.ts';
import { vcardDownloadPath } from '../../../../shared/vcard-download.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of profile data, so mutations invalidate exactly what they change. */
export const profileKeys = {
  all: ['profiles'] as const,
  list: () => [...profileKeys.all, 'list'] as const,
  detail: (id: string) => [...profileKeys.all, 'detail', id] as const,
  lockedFields: (id: string) => [...profileKeys.all, 'locked-fields', id] as const,
  /** Issue 24 with 26: every profile's organisation brand, which the Team area's brand changes refresh. */
  brands: () => [...profileKeys.all, 'brand'] as const,
  brand: (id: string) => [...profileKeys.brands(), id] as const,
};

/** SPEC 7 answers a map of profiles; older servers answered a list. Both become a list. */
const profileListSchema = z.union([z.array(profileSchema), z.record(z.string(), profileSchema)]).transform((v) => Object.values(v));

/** An answer that is the profile itself or wraps it in `profile`. */
const profileAnswerSchema = z.union([profileEnvelopeSchema.transform((v) => v.profile), profileSchema]);

/** Upload answers (SPEC 7). */
const imageUploadSchema = z.object({ id: z.string(), profileImagePath: z.string().nullable() });
const logoUploadSchema = z.object({ id: z.string(), profileLogoPath: z.string().nullable() });
const backgroundUploadSchema = z.object({ id: z.string(), backgroundImagePath: z.string().nullable() });

/** Owner calls of SPEC 7 on profiles. */
export const profilesApi = {
  /** GET /find/own/profiles/active: the owner's profiles, oldest first. */
  list: () => apiRequest('/find/own/profiles/active', { schema: profileListSchema }),
  /** POST /find/own/profile/by-id. */
  byId: (profileId: string) => apiRequest('/find/own/profile/by-id', { body: { profileId }, schema: profileAnswerSchema }),
  /** POST /find/own/profile/locked-fields: what the profile's organisation template locks (issue 24). */
  lockedFields: (profileId: string) => apiRequest('/find/own/profile/locked-fields', { body: { profileId }, schema: lockedFieldsSchema }),
  /** GET /find/own/profile/brand: the organisation's brand the profile's public page shows, null for a profile no template made (issue 24 with 26). */
  brand: (profileId: string) => apiRequest(`/find/own/profile/brand?${new URLSearchParams({ profileId })}`, { schema: profileBrandSchema }),
  /** POST /profile/create with the edited fields. */
  create: (profile: ProfileCreateInput) => apiRequest('/profile/create', { body: profile, schema: profileAnswerSchema }),
  /** POST /profile/update: the whole profile object goes back (D8 ignores server-managed fields). */
  update: (profile: ProfileUpdateInput) => apiRequest('/profile/update', { body: profile, schema: profileAnswerSchema }),
  /** POST /profile/save: the profile and its whole ordered link list, in one transaction (all or nothing). */
  save: (input: ProfileSaveInput) => apiRequest('/profile/save', { body: input, schema: profileAnswerSchema }),
  /** POST /profile/delete: refused with 409 while a card uses the profile. */
  remove: (profileId: string) => apiRequest<unknown>('/profile/delete', { body: { profileId } }),
  /** POST /profile/update/short-link-id; the `profile` field of the answer is the new state. */
  updateShortLink: (profileId: string, shortLinkId: string) =>
    apiRequest('/profile/update/short-link-id', { body: { profileId, shortLinkId }, schema: profileAnswerSchema }),
  /** POST /upload/profileImage (multipart). */
  uploadImage: (profileId: string, file: File) => {
    const form = new FormData();
    form.append('profileId', profileId);
    form.append('profileImage', file);
    return apiRequest('/upload/profileImage', { body: form, schema: imageUploadSchema });
  },
  /** POST /upload/profileLogo (multipart). */
  uploadLogo: (profileId: string, file: File) => {
    const form = new FormData();
    form.append('profileId', profileId);
    form.append('profileLogo', file);
    return apiRequest('/upload/profileLogo', { body: form, schema: logoUploadSchema });
  },
  /** POST /delete/profileLogo. */
  deleteLogo: (profileId: string) => apiRequest<unknown>('/delete/profileLogo', { body: { profileId } }),
  /** Issue 26: POST /upload/backgroundImage (multipart), the top band of the public pages. */
  uploadBackground: (profileId: string, file: File) => {
    const form = new FormData();
    form.append('profileId', profileId);
    form.append('backgroundImage', file);
    return apiRequest('/upload/backgroundImage', { body: form, schema: backgroundUploadSchema });
  },
  /** POST /delete/backgroundImage. */
  deleteBackground: (profileId: string) => apiRequest<unknown>('/delete/backgroundImage', { body: { profileId } }),
};

/** The vCard download of SPEC 7, with the business note as comment. */
export function vcfUrl(profile: Pick<Profile, 'id' | 'businessNote'>): string {
  return vcardDownloadPath(profile.id, profile.businessNote);
}
