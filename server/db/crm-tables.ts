/** Tables of issue 37's CRM connectors (migration 029); `Database` in tables.ts extends them. */
export interface CrmTables {
  crmConnection: CrmConnectionTable;
  crmOauthState: CrmOauthStateTable;
  crmSync: CrmSyncTable;
}

/** One OAuth grant to a CRM: an organisation's (`scope` org:{id}) or one owner's own (user:{id}). */
export interface CrmConnectionTable {
  id: string;
  scope: string;
  /** hubspot, salesforce or pipedrive. */
  provider: string;
  /** The account that connected it (an organisation's owner or admin, or the owner). */
  userId: string;
  organisationId: string | null;
  /** The CRM account's name as the CRM tells it (portal domain, org name, company name). */
  accountName: string;
  /** HubSpot's portal id, Salesforce's org id, Pipedrive's company id: the records' links name it. */
  accountId: string;
  /** Salesforce's instance URL, Pipedrive's api_domain from the token answer ('' for HubSpot). */
  apiBase: string;
  /** Sealed (`enc:v1:`) by the webhook secrets' box with the connection's id. */
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  /** connected or broken (the grant was revoked: connect again). */
  status: string;
  /** JSON of CrmSettings (shared/schemas/crm.schema.ts). */
  settings: string;
  lastSyncAt: number | null;
  lastError: string | null;
  created: number;
  updated: number;
}

/** A connect's OAuth state: single use, 10 minutes, bound to the account and the organisation. */
export interface CrmOauthStateTable {
  /** SHA-256 (hex) of the state sent to the CRM. */
  stateHash: string;
  userId: string;
  organisationId: string | null;
  provider: string;
  expiresAt: number;
}

/** One lead in one connection. */
export interface CrmSyncTable {
  connectionId: string;
  leadId: string;
  /** The lead's owner (the member who met the person). */
  userId: string;
  /** upsert or delete: what is to be sent (or was sent last). */
  op: string;
  /** waiting, synced or failed. */
  state: string;
  /** Counts every change; a result is recorded as the row's state only for the version it sent. */
  version: number;
  remoteId: string | null;
  link: string | null;
  error: string | null;
  updated: number;
}
