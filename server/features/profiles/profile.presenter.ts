import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import { BUTTON_SHAPES, THEMES } from '../../../shared/page-theme.ts';
import { vcardDownloadPath } from '../../../shared/vcard-download.ts';
import type { LinkRow } from '../../db/tables.ts';
import type { ProfileWithUse } from './profile.repository.ts';
import { presentLink } from './link.presenter.ts';
import type { PageBrand } from '../../../shared/public-page/theme.css.ts';

/** URL path of a stored upload; keys are new on every upload, so the path can be cached forever. */
export const mediaPath = (key: string | null): string | null => (key ? `/media/${key}` : null);

/** Where the profile's vCard downloads (SPEC 3 profileVcfPath). */
export const vcfPath = (profileId: string) => vcardDownloadPath(profileId);

const iso = (ms: number) => new Date(ms).toISOString();

/** A profile as every call answers it (SPEC 3, D8): an explicit field list, never the raw row. */
export function presentProfile(row: ProfileWithUse, links: LinkRow[], unwrittenViews = 0): Profile {
  return {
    id: row.id,
    profileName: row.profileName,
    personalTitle: row.personalTitle,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    jobTitle: row.jobTitle,
    businessUnit: row.businessUnit,
    mobileNumber: row.mobileNumber,
    phoneNumber: row.phoneNumber,
    emailAddress: row.emailAddress,
    businessMobileNumber: row.businessMobileNumber,
    businessPhoneNumber: row.businessPhoneNumber,
    businessEmailAddress: row.businessEmailAddress,
    businessFax: row.businessFax,
    businessNote: row.businessNote,
    companyWebsiteUrl: row.companyWebsiteUrl,
    streetAndNumber: row.streetAndNumber,
    zip: row.zip,
    city: row.city,
    country: row.country,
    profileImagePath: mediaPath(row.profileImageKey),
    profileLogoPath: mediaPath(row.profileLogoKey),
    profileVcfPath: vcfPath(row.id),
    theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Profile['theme']) : 'light',
    accentColour: row.accentColour,
    buttonShape: (BUTTON_SHAPES as readonly string[]).includes(row.buttonShape) ? (row.buttonShape as Profile['buttonShape']) : 'rounded',
    backgroundColour: row.backgroundColour,
    backgroundImagePath: mediaPath(row.backgroundImageKey),
    shortLinkId: row.shortLinkId,
    profileViews: Number(row.profileViews) + unwrittenViews,
    isActive: row.status === 'ACTIVE',
    isInUse: row.isInUse,
    layout: row.layout,
    type: row.type as Profile['type'],
    status: row.status as Profile['status'],
    userProfileId: row.userId,
    socialMediaLinks: links.map(presentLink),
    created: row.created,
    updated: row.updated,
    createdIso: iso(row.created),
    updatedIso: iso(row.updated),
  };
}

/** Issue 24 with 26: a company profile's brand as its page uses it; the logo's storage key stays on the server. */
export function presentPageBrand(brand: PageBrand): PageBrand {
  return { colour: brand.colour, colourDark: brand.colourDark, logoPath: brand.logoPath };
}
