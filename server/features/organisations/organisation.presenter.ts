import type { Invitation, Member, Organisation, OrganisationRole } from '../../../shared/schemas/organisation.schema.ts';
import type { OrganisationInvitationTable, OrganisationTable } from '../../db/tables.ts';
import type { PageBrand } from '../../../shared/public-page/theme.css.ts';

/** Where the brand's logo is served (/media/, like profiles' uploads; keys are new on every upload). */
export const brandLogoPath = (key: string | null): string | null => (key ? `/media/${key}` : null);

/** The brand a company profile's page shows (issue 24 with 26): colours and logo, nothing else of the organisation. */
export function presentBrand(row: Pick<OrganisationTable, 'brandColour' | 'brandColourDark' | 'logoKey'>): PageBrand {
  return { colour: row.brandColour, colourDark: row.brandColourDark, logoPath: brandLogoPath(row.logoKey) };
}

/** The caller's organisation (issue 24): the fields listed, so a new column never leaks. */
export function presentOrganisation(row: OrganisationTable & { role: OrganisationRole }, memberCount: number): Organisation {
  return {
    organisationId: row.id,
    name: row.name,
    brandColour: row.brandColour,
    brandColourDark: row.brandColourDark,
    logoPath: brandLogoPath(row.logoKey),
    role: row.role,
    memberCount,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

export function presentMember(
  row: { userId: string; email: string; name: string; role: OrganisationRole; joined: number },
  hasCompanyProfile: boolean,
): Member {
  return { userId: row.userId, email: row.email, name: row.name, role: row.role, joined: Number(row.joined), hasCompanyProfile };
}

/** An invitation as admins see it: never its token (only its hash is stored anyway). */
export function presentInvitation(row: OrganisationInvitationTable, now = Date.now()): Invitation {
  const expired = row.status === 'pending' && Number(row.expires) <= now;
  return {
    invitationId: row.id,
    email: row.email,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    jobTitle: row.jobTitle ?? '',
    role: row.role,
    status: expired ? 'expired' : row.status,
    created: Number(row.created),
    expires: Number(row.expires),
  };
}
