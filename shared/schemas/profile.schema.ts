import { z } from 'zod';
import { idSchema, textField, timestampsSchema } from './common.schema.ts';
import { linkNameSchema, linkSchema, linkTypeSchema, linkValueSchema, withHandleLink } from './link.schema.ts';
import { BUTTON_SHAPES, THEMES } from '../page-theme.ts';

export const PROFILE_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const PROFILE_TYPES = ['DEFAULT', 'CUSTOM'] as const;

/** The fields an owner edits (SPEC 3). Everything else on a profile is managed by the server (D8). */
export const PROFILE_TEXT_FIELDS = [
  'profileName',
  'personalTitle',
  'firstName',
  'lastName',
  'companyName',
  'jobTitle',
  'businessUnit',
  'mobileNumber',
  'phoneNumber',
  'emailAddress',
  'businessMobileNumber',
  'businessPhoneNumber',
  'businessEmailAddress',
  'businessFax',
  'businessNote',
  'companyWebsiteUrl',
  'streetAndNumber',
  'zip',
  'city',
  'country',
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** Longest allowed value per field; the business note is a paragraph, the rest are lines. */
export const PROFILE_FIELD_MAX: Record<ProfileTextField, number> = Object.fromEntries(
  PROFILE_TEXT_FIELDS.map((f) => [f, f === 'businessNote' ? 2000 : f === 'companyWebsiteUrl' ? 2048 : 200]),
) as Record<ProfileTextField, number>;

const editableShape = Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, textField(PROFILE_FIELD_MAX[f]).optional()])) as {
  [K in ProfileTextField]: z.ZodOptional<z.ZodString>;
};

/** A colour of a page theme as `#rrggbb` (lower-cased), or '' for the theme's own. */
export const themeColourSchema = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'must be a colour like #1a2b3c, or empty')
  .transform((v) => v.toLowerCase());

/**
 * Issue 26: the page's look (docs/themes.md). Each field is optional on a save (kept as stored);
 * the colours' contrast is checked by the profile service against the resulting theme.
 */
export const profileThemeSchema = z.object({
  theme: z.enum(THEMES).optional(),
  accentColour: themeColourSchema.optional(),
  buttonShape: z.enum(BUTTON_SHAPES).optional(),
  backgroundColour: themeColourSchema.optional(),
});
export type ProfileThemeInput = z.output<typeof profileThemeSchema>;

/**
 * Body of POST /profile/create. A client may send the whole profile object back (SPEC 7);
 * unknown and server-managed keys are stripped, not refused (D8).
 */
export const profileCreateSchema = z.object({
  ...editableShape,
  ...profileThemeSchema.shape,
  layout: z.string().max(40).optional(),
  type: z.enum(PROFILE_TYPES).optional(),
  /** Issue 24: a new profile from the organisation's template (its values, its locks); ignored on updates. */
  templateId: idSchema.optional(),
});
export type ProfileCreateInput = z.input<typeof profileCreateSchema>;

/** Body of POST /profile/update: the profile object with its id. */
export const profileUpdateSchema = profileCreateSchema.extend({ id: idSchema });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** Most links one POST /profile/save takes: far above any real profile, a bound on the work of one call. */
export const PROFILE_SAVE_MAX_LINKS = 200;

/** A link of POST /profile/save: a saved one names its `socialMediaLinkId`, a new one has none. */
export const profileSaveLinkSchema = z
  .object({
    socialMediaLinkId: idSchema.optional(),
    type: linkTypeSchema,
    link: linkValueSchema.trim().min(1, 'must not be empty'),
    name: linkNameSchema.default(''),
  })
  // Issue 23: a user name becomes the network's address, as in the editor.
  .transform(withHandleLink);

/**
 * Body of POST /profile/save: the profile (created without `id`, updated with it) and its
 * whole ordered list of links. Sort is the position in the list, 1..n; a saved link missing
 * from the list is removed. Everything is written in one transaction (docs/decisions.md).
 */
export const profileSaveSchema = z.object({
  profile: profileCreateSchema.extend({ id: idSchema.optional() }),
  links: z
    .array(profileSaveLinkSchema)
    .max(PROFILE_SAVE_MAX_LINKS)
    .superRefine((links, ctx) => {
      const seen = new Set<string>();
      links.forEach((l, index) => {
        if (!l.socialMediaLinkId) return;
        if (seen.has(l.socialMediaLinkId)) ctx.addIssue({ code: 'custom', path: [index, 'socialMediaLinkId'], message: 'is listed twice' });
        seen.add(l.socialMediaLinkId);
      });
    }),
});
export type ProfileSaveInput = z.input<typeof profileSaveSchema>;
export type ProfileSaveData = z.output<typeof profileSaveSchema>;

/** Short link ids: letters and digits only (SPEC 5). */
export const shortLinkIdSchema = z
  .string()
  .trim()
  .min(3, 'must have at least 3 characters')
  .max(40, 'must have at most 40 characters')
  .regex(/^[A-Za-z0-9]+$/, 'must contain only letters and digits');

export const shortLinkUpdateSchema = z.object({ profileId: idSchema, shortLinkId: shortLinkIdSchema });
export const shortLinkBodySchema = z.object({ shortLinkId: z.string().trim().min(1).max(64) });

/** Languages of the interface and of e-mails to visitors (D1, D5). */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Visitor e-mail pattern of SPEC 5: non-space, @, non-space, dot, non-space. The public page's
 * input checks it in the browser; the server checks one real mailbox (contact.schema.ts).
 */
export const VISITOR_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** A profile as every call answers it (SPEC 3, D8). */
export const profileSchema = z
  .object({
    id: z.string(),
    ...(Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, z.string()])) as { [K in ProfileTextField]: z.ZodString }),
    profileImagePath: z.string().nullable(),
    profileLogoPath: z.string().nullable(),
    profileVcfPath: z.string(),
    /** Issue 26: the page's look (docs/themes.md). */
    theme: z.enum(THEMES),
    accentColour: z.string(),
    buttonShape: z.enum(BUTTON_SHAPES),
    backgroundColour: z.string(),
    backgroundImagePath: z.string().nullable(),
    shortLinkId: z.string(),
    profileViews: z.number(),
    isActive: z.boolean(),
    isInUse: z.boolean(),
    layout: z.string(),
    type: z.enum(PROFILE_TYPES),
    status: z.enum(PROFILE_STATUSES),
    userProfileId: z.string(),
    socialMediaLinks: z.array(linkSchema),
  })
  .extend(timestampsSchema.shape);
export type Profile = z.infer<typeof profileSchema>;

/** Answers that wrap a profile in a `profile` field (SPEC 7). */
export const profileEnvelopeSchema = z.object({ profile: profileSchema });

export const loginImageSchema = z.object({ loginImagePath: z.string().nullable() });

/** Reminder choices of SPEC 9; the first is the default. */
export const REMIND_IN = ['1d', '3d', '1w'] as const;

/** True for an IANA time zone name the runtime knows ("Europe/Berlin"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /download/calendar. `lng` is D1's explicit language (the page's reminder form sends it);
 * `tz` the visitor's IANA time zone, which the page's script fills in (blank without JavaScript),
 * so the reminder lands at a sensible hour there (docs/public-pages.md "The reminder").
 */
export const calendarQuerySchema = z.object({
  profileId: idSchema,
  remindIn: z.enum(REMIND_IN).default('1d'),
  lng: z.string().max(35).optional(),
  tz: z
    .string()
    .max(64)
    .refine((v) => v === '' || isTimeZone(v), 'not a time zone')
    .optional(),
});
export const vcfQuerySchema = z.object({ profileId: idSchema, comment: z.string().max(4000).optional() });

/**
 * Answer of POST /find/own/profile/locked-fields (issue 24): the fields of the profile that its
 * organisation's template locks, which the editor shows read-only, and `links` when it locks
 * the company links it put there (`lockedLinkIds`); empty for any other profile.
 */
export const lockedFieldsSchema = z.object({
  lockedFields: z.array(z.enum([...PROFILE_TEXT_FIELDS, 'links'])),
  /** The ids of the company links the template locks (with `links`); the editor shows them read-only. */
  lockedLinkIds: z.array(z.string()),
});
export type LockedFields = z.infer<typeof lockedFieldsSchema>;

/** Query of GET /find/own/profile/brand (issue 24 with 26). */
export const profileBrandQuerySchema = z.object({ profileId: idSchema });

/**
 * Answer of GET /find/own/profile/brand: the organisation's brand that the profile's public page
 * shows (shared/public-page/theme.css.ts `PageBrand`), null for a profile no template made. The
 * owner app's preview draws the page with it, as visitors see it.
 */
export const profileBrandSchema = z.object({
  brand: z
    .object({
      colour: z.string().describe("The light pages' accent ('' keeps the member's own)"),
      colourDark: z.string().describe("The dark pages' accent ('' derives it from `colour`)"),
      logoPath: z.string().nullable().describe("The organisation's logo, shown instead of the member's"),
    })
    .nullable(),
  /** Issue 39: `https://{host}` once the organisation's own page host is verified: the share panel's and QR codes' address; null for PUBLIC_URL. */
  pageOrigin: z.string().nullable(),
});
export type ProfileBrand = z.infer<typeof profileBrandSchema>;
