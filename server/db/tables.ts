import type {
  OrganisationTable,
  OrganisationMemberTable,
  OrganisationInvitationTable,
  OrganisationAuditTable,
  OrganisationTemplateTable,
  TemplatedProfileTable,
  OrganisationDomainTable,
  OrganisationPageDomainTable,
} from './organisation-tables.ts';
export type * from './organisation-tables.ts';
import type { CaptureEventTable, CaptureFollowUpSettingsTable, CaptureFollowUpTable, CapturedLeadColumns } from './capture-tables.ts';
export type * from './capture-tables.ts';
import type { OperatorGrantTable, CardBatchTable, OperatorAuditTable } from './operator-tables.ts';
export type { OperatorGrantTable, CardBatchTable, OperatorAuditTable, CardBatchRow, OperatorAuditRow } from './operator-tables.ts';
import type { ScimTables } from './scim-tables.ts';
import type { OutboxMessageTable } from './outbox-tables.ts';
export type { OutboxMessageTable } from './outbox-tables.ts';
import type { TapTables } from './tap-tables.ts';
import type { CrmTables } from './crm-tables.ts';
export type * from './crm-tables.ts';
export type * from './tap-tables.ts';
export type { ScimTokenTable, ScimUserTable, ScimGroupTable, ScimGroupMemberTable } from './scim-tables.ts';
import type {
  WalletPassTable,
  WalletDeviceTable,
  GoogleWalletObjectTable,
  WebhookEndpointTable,
  WebhookDeliveryTable,
  WebhookAttemptTable,
  ApiTokenTable,
} from './integration-tables.ts';
export type * from './integration-tables.ts';
import type { RateCounterTable, VisitCountTable } from './counter-tables.ts';
export type { RateCounterTable, VisitCountTable } from './counter-tables.ts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. Column names are camelCase like the API fields (and like
 * better-auth's own tables); Kysely quotes them, so they work on SQLite and PostgreSQL alike.
 * Timestamps of our own tables are epoch milliseconds (bigint on PostgreSQL).
 */
export interface Database extends ScimTables, TapTables, CrmTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  profile: ProfileTable;
  link: LinkTable;
  card: CardTable;
  lead: LeadTable;
  rateCounter: RateCounterTable;
  visitCount: VisitCountTable;
  passkey: PasskeyTable;
  twoFactor: TwoFactorTable;
  walletPass: WalletPassTable;
  walletDevice: WalletDeviceTable;
  googleWalletObject: GoogleWalletObjectTable;
  webhookEndpoint: WebhookEndpointTable;
  webhookDelivery: WebhookDeliveryTable;
  webhookAttempt: WebhookAttemptTable;
  outboxMessage: OutboxMessageTable;
  apiToken: ApiTokenTable;
  operatorGrant: OperatorGrantTable;
  cardBatch: CardBatchTable;
  operatorAudit: OperatorAuditTable;
  organisation: OrganisationTable;
  organisationMember: OrganisationMemberTable;
  organisationInvitation: OrganisationInvitationTable;
  organisationAudit: OrganisationAuditTable;
  organisationTemplate: OrganisationTemplateTable;
  templatedProfile: TemplatedProfileTable;
  organisationDomain: OrganisationDomainTable;
  organisationPageDomain: OrganisationPageDomainTable;
  captureEvent: CaptureEventTable;
  captureFollowUpSettings: CaptureFollowUpSettingsTable;
  captureFollowUp: CaptureFollowUpTable;
}

/** better-auth's tables (its schema for e-mail + password, bearer, database rate limits). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** better-auth's two-factor plugin (migration 005). */
  twoFactorEnabled: boolean | number | null;
  /** The language the owner last used, for mails no request of theirs caused (migration 007, issue 23). */
  language: string | null;
  /** The IANA zone of the owner's browser, the days of statistics and leads export (migration 011, issue 23); null: UTC. */
  timeZone: string | null;
}
export interface SessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}
/** better-auth's passkey plugin (migration 006): one WebAuthn credential of an account. */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean | number;
  transports: string | null;
  createdAt: Date | string | null;
  aaguid: string | null;
}
/** better-auth's two-factor plugin (migration 005): the authenticator secret and backup codes of an account. */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | number | null;
  failedVerificationCount: number | null;
  lockedUntil: Date | string | null;
}
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  password: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}
export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

/** A contact profile (SPEC 3). `isInUse` is derived from the card table, not stored. */
export interface ProfileTable {
  id: string;
  userId: string;
  profileName: string;
  personalTitle: string;
  firstName: string;
  lastName: string;
  companyName: string;
  jobTitle: string;
  businessUnit: string;
  mobileNumber: string;
  phoneNumber: string;
  emailAddress: string;
  businessMobileNumber: string;
  businessPhoneNumber: string;
  businessEmailAddress: string;
  businessFax: string;
  businessNote: string;
  companyWebsiteUrl: string;
  streetAndNumber: string;
  zip: string;
  city: string;
  country: string;
  profileImageKey: string | null;
  profileLogoKey: string | null;
  /** Issue 26 (migration 018, docs/themes.md): the page's look; the defaults are the look before it. */
  theme: Generated<string>;
  accentColour: Generated<string>;
  buttonShape: Generated<string>;
  backgroundColour: Generated<string>;
  backgroundImageKey: Generated<string | null>;
  shortLinkId: string;
  /** D10: public page views; incremented in place so concurrent views are never lost. */
  profileViews: Generated<number>;
  layout: string;
  type: string;
  status: string;
  created: number;
  /** Bumped on every change of the profile or its links: the public page cache keys on it. */
  updated: number;
  /** Issue 24: the company's contact (JSON `LeftCompany`) once the owner left the organisation whose template made it (migration 015). */
  leftCompany: string | null;
}

/** A web or social link of a profile (SPEC 3 "social media link"). */
export interface LinkTable {
  id: string;
  profileId: string;
  userId: string;
  type: string;
  link: string;
  name: string;
  /** 1..n within a profile, kept contiguous by the link service. */
  sort: number;
  created: number;
  updated: number;
  /** Issue 24 (migration 020): the template that put this company link into the profile; null for the owner's own. */
  templateId?: string | null;
}

/** A physical card minted by the operator (D9); owner and profile are set on registration (D6). */
export interface CardTable {
  id: string;
  edition: string;
  userId: string | null;
  profileId: string | null;
  /** D10: card scans. */
  views: Generated<number>;
  minted: number;
  registered: number | null;
  /** Issue 28: when an operator blocked the card (lost, stolen), null when not blocked (migration 010). */
  blocked: number | null;
  /** Issue 28: the batch it was minted in, null for cards from before batches. */
  batchId: string | null;
  /** Issue 24: the organisation it was registered to in bulk (migration 015); its admins assign it. */
  organisationId: string | null;
  /**
   * Issue 28 (migration 013): when it was first registered, kept when a registration ends; null
   * for a card registered before migration 013 and not reset since (its first registration is
   * `coalesce(firstRegistered, registered)`) and for one nobody ever registered.
   */
  firstRegistered: number | null;
}

/** A visitor's e-mail left on a profile (D5), with the details and consent of issue 12. */
export interface LeadTable extends CapturedLeadColumns {
  id: string;
  profileId: string;
  email: string;
  /** The page's language when the visitor sent it (de or en). */
  language: string;
  created: number;
  name: string;
  phone: string;
  company: string;
  message: string;
  /** The consent line as the visitor saw it; '' for leads from before it existed. */
  consentText: string;
  consentVersion: string;
  consentAt: number | null;
  /** VisitSource of the visit that left the lead, and the card of a scan ('' otherwise; migration 023). */
  source: string;
  cardId: string;
  /** Issue 38 (migration 031): 1 when left within 30 minutes after a verified tap of `cardId` ("met in person"), else 0. */
  metInPerson: Generated<number>;
  /** LeadStatus: new or followedUp. */
  status: string;
  /** E-mail, name, phone, company and message, lower-cased, for the owner's search. */
  searchText: string;
}

export type ProfileRow = Selectable<ProfileTable>;
export type NewProfileRow = Insertable<ProfileTable>;
export type ProfileRowUpdate = Updateable<ProfileTable>;
export type LinkRow = Selectable<LinkTable>;
export type CardRow = Selectable<CardTable>;
export type LeadRow = Selectable<LeadTable>;
export type NewLeadRow = Insertable<LeadTable>;
