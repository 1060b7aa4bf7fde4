/** Tables of SCIM provisioning (issue 27, migration 017); `Database` in tables.ts lists them. */

/** An organisation's SCIM bearer token; only its SHA-256 is stored. It goes with its organisation and with the admin who made it. */
export interface ScimTokenTable {
  id: string;
  organisationId: string;
  createdBy: string;
  name: string;
  tokenHash: string;
  created: number;
  lastUsedAt: number | null;
}

/** A user the identity provider keeps: its SCIM attributes (`resource`, JSON) and the columns lookups need. */
export interface ScimUserTable {
  id: string;
  organisationId: string;
  /** The userName lower-cased: unique per organisation (SCIM compares userName case-insensitively). */
  userNameKey: string;
  externalId: string | null;
  /** The address invitations go to (the primary or work e-mail, else the userName when it is one). */
  email: string | null;
  active: number;
  resource: string;
  /** The account that joined the organisation for this user; null until it has. */
  userId: string | null;
  /** When the invitation mail went out (null: none yet, or the user was deactivated since: reactivation invites again). */
  invitedAt: number | null;
  /** When `active` last became false (null while active): a reactivation within SCIM_RETENTION_DAYS restores the membership. */
  deactivatedAt: number | null;
  /**
   * Issue 33 (migration 024): when SCIM's own deactivation or DELETE ended the person's
   * membership. Only such a membership is restored by a reactivation; cleared when the person
   * joins again any other way.
   */
  offboardedAt: number | null;
  /** The ETag: bumped by every write, compared by every write. */
  version: number;
  created: number;
  lastModified: number;
}

export interface ScimGroupTable {
  id: string;
  organisationId: string;
  displayName: string;
  displayNameKey: string;
  externalId: string | null;
  version: number;
  created: number;
  lastModified: number;
}

export interface ScimGroupMemberTable {
  groupId: string;
  scimUserId: string;
}

/** The tables of migration 017, which `Database` extends. */
export interface ScimTables {
  scimToken: ScimTokenTable;
  scimUser: ScimUserTable;
  scimGroup: ScimGroupTable;
  scimGroupMember: ScimGroupMemberTable;
}
