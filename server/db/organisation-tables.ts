/** Tables of organisations (issue 24, migration 009); `Database` in tables.ts lists them. */

/** Issue 24: a company running its staff's cards (migration 009). */
export interface OrganisationTable {
  id: string;
  name: string;
  /** `#rrggbb`, or '' for none; checked for WCAG AA contrast when saved. */
  brandColour: string;
  /** Migration 018: the brand colour of dark pages, `#rrggbb` checked against them, or '' to derive it from `brandColour`. */
  brandColourDark: string;
  /** Migration 018: the storage key of the brand's logo (an upload), null for none. */
  logoKey: string | null;
  created: number;
  updated: number;
}

/** One account's membership; an account belongs to at most one organisation (`userId` unique). */
export interface OrganisationMemberTable {
  organisationId: string;
  userId: string;
  role: 'owner' | 'admin' | 'member';
  joined: number;
}

/** An invitation by e-mail; only the SHA-256 of its token is stored. */
export interface OrganisationInvitationTable {
  id: string;
  organisationId: string;
  email: string;
  role: 'admin' | 'member';
  tokenHash: string;
  /** The invitee's language (their account's, else the inviting request's), for the mail and its resends. */
  language: string;
  invitedBy: string | null;
  created: number;
  expires: number;
  status: 'pending' | 'accepted' | 'revoked';
  /** What the admin's CSV said of the invitee (migration 020): starting values of their company profile; '' when not given. */
  firstName: string;
  lastName: string;
  jobTitle: string;
  /** The account that accepted (migration 020); null while pending or when that account is gone. */
  acceptedBy?: string | null;
}

/** One admin action: who did what to whom, kept as long as the organisation exists. */
export interface OrganisationAuditTable {
  id: string;
  organisationId: string;
  actorEmail: string;
  action: string;
  target: string;
  detail: string;
  created: number;
}

/** A template of company values; `fieldValues` is a JSON object of profile fields, `locked` a JSON array of their names. */
export interface OrganisationTemplateTable {
  id: string;
  organisationId: string;
  name: string;
  fieldValues: string;
  locked: string;
  /** The template's link set (migration 020): a JSON array of `{type, link, name}`. */
  links: string;
  created: number;
  updated: number;
}

/** A member's profile made from a template (its company profile): template changes reach it. */
export interface TemplatedProfileTable {
  profileId: string;
  templateId: string;
  organisationId: string;
  userId: string;
}

/**
 * Issue 27 (migration 021): an e-mail domain the organisation claims, lower-case, unique across
 * organisations. Proved by a DNS TXT record with `token` (or by an operator); company sign-ins
 * with an address of a verified domain join the organisation.
 */
export interface OrganisationDomainTable {
  domain: string;
  organisationId: string;
  token: string;
  verified: number | null;
  verifiedBy: 'dns' | 'operator' | null;
  created: number;
}

/**
 * Issue 39 (migration 028): the host an organisation's members' company pages answer at, one per
 * organisation; a verified host belongs to that organisation alone (a partial unique index).
 */
export interface OrganisationPageDomainTable {
  organisationId: string;
  host: string;
  token: string;
  verified: number | null;
  verifiedBy: 'dns' | 'operator' | null;
  created: number;
}
