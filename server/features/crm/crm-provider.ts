import type { CrmPolicyField } from '../../../shared/schemas/crm.schema.ts';
import type { CrmTokens } from './crm-connection.repository.ts';
import type { CrmValues } from './crm-values.ts';

/**
 * A CRM's answer that is not a success: `status` null when there was none (network, timeout).
 * 429 and 5xx (and none) are retried with backoff, honouring `retryAfterMs`; 401 refreshes the
 * token once; any other is the record's failure.
 */
export class CrmCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CrmCallError';
  }
}

/** The CRM refused the grant (revoked, or the refresh token expired): the connection is broken until connected again. */
export class CrmGrantRevoked extends Error {}

/** `Retry-After` in ms (seconds or an HTTP date), null when absent. */
export function retryAfterMs(value: string | undefined | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What a connect learns: the tokens and the CRM account. */
export interface CrmGrant extends CrmTokens {
  accountName: string;
  accountId: string;
  /** Salesforce's instance URL, Pipedrive's api_domain ('' for HubSpot). */
  apiBase: string;
}

/** A record the CRM has for an address, with the values the field policy weighs. */
export interface ExistingRecord {
  id: string;
  values: Partial<Record<CrmPolicyField, string>>;
}

/** One record to create or update (`existingId`), matched by its e-mail. */
export interface RecordToSend {
  email: string;
  existingId: string | null;
  values: CrmValues;
  /** The CRM user of the member who met the person, when the CRM knows the member's e-mail. */
  ownerId: string | null;
}

/** One connection's API, in the provider's batch calls where it has them. */
export interface CrmApi {
  /** The records the CRM has for these addresses (lower-cased), by address. */
  find(emails: readonly string[]): Promise<Map<string, ExistingRecord>>;
  /** The CRM users with these e-mails (lower-cased), by e-mail. */
  owners(emails: readonly string[]): Promise<Map<string, string>>;
  /** Creates or updates the records; per e-mail the record's id or the reason it failed. */
  send(records: readonly RecordToSend[], leadStatus: string): Promise<Map<string, { id: string } | { error: string }>>;
  /** Deletes or anonymises the records; per id null or the reason it failed. */
  remove(ids: readonly string[], mode: 'delete' | 'anonymise'): Promise<Map<string, string | null>>;
  /** The record's page in the CRM. */
  link(id: string): string;
}

/** The connection's side a CrmApi needs. */
export interface ApiAccess {
  accessToken: string;
  apiBase: string;
  accountId: string;
}

/** One provider: its OAuth 2.0 authorization-code flow and its API. */
export interface CrmProviderClient {
  authorizeUrl(state: string): string;
  exchange(code: string): Promise<CrmGrant>;
  /** New tokens from the refresh token; throws CrmGrantRevoked when the CRM refuses it. */
  refresh(refreshToken: string): Promise<CrmTokens & { apiBase?: string }>;
  api(access: ApiAccess): CrmApi;
}

/** Splits into chunks of `size` (the providers' batch limits). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
