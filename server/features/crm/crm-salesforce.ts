import { Connection, OAuth2 } from 'jsforce';
import type { CrmProviderConfig } from '../../config-crm.ts';
import { anonymisedEmail, type CrmValues } from './crm-values.ts';
import { chunks, CrmCallError, CrmGrantRevoked, retryAfterMs, type CrmApi, type CrmProviderClient, type ExistingRecord } from './crm-provider.ts';

const API_VERSION = '59.0';
/** The sObject Collections calls take at most 200 records; 100 keeps one message's batch in one call. */
const BATCH = 100;
/** Lead fields a lead fills (docs/integrations.md "Field mapping"); LastName and Company are required by Salesforce. */
const FIELDS = {
  firstName: 'FirstName',
  lastName: 'LastName',
  company: 'Company',
  jobTitle: 'Title',
  phone: 'Phone',
  website: 'Website',
  note: 'Description',
} as const;
const NOT_PROVIDED = '[not provided]';

/** SOQL string literal. */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

type Answer = { status: number; retryAfter: string | undefined };
/**
 * jsforce hides the HTTP status behind its error codes; the connector reads it off the transport
 * (and turns off jsforce's own retries of GET and DELETE: the outbox retries, docs/outbox.md).
 */
function watched(conn: Connection): () => Answer | undefined {
  let last: Answer | undefined;
  const transport = (conn as unknown as { _transport: { httpRequest: (req: unknown, options?: Record<string, unknown>) => Promise<unknown> } })._transport;
  const send = transport.httpRequest.bind(transport);
  transport.httpRequest = (req, options = {}) => {
    last = undefined;
    const sent = send(req, { ...options, retry: { maxRetries: 0 } });
    sent.then(
      (res) => {
        const r = res as { statusCode: number; headers: Record<string, string> };
        last = { status: r.statusCode, retryAfter: r.headers['retry-after'] };
      },
      () => undefined,
    );
    return sent;
  };
  return () => last;
}

/** A Salesforce error as a CrmCallError: the status seen, else the error code's meaning. */
function callError(error: unknown, answer: Answer | undefined): CrmCallError {
  const e = error as { errorCode?: string; message?: string; name?: string };
  const code = e.errorCode ?? e.name ?? '';
  let status = answer && answer.status >= 400 ? answer.status : null;
  if (status === null && code === 'INVALID_SESSION_ID') status = 401;
  if (status === 403 && code === 'REQUEST_LIMIT_EXCEEDED') status = 429;
  return new CrmCallError(`Salesforce: ${status ?? 'no answer'} ${code} ${(e.message ?? '').slice(0, 200)}`.trim(), status, retryAfterMs(answer?.retryAfter));
}

/**
 * Salesforce through jsforce 3.10 (the last release for Node 20): the OAuth 2.0 web-server flow
 * at SALESFORCE_AUTH_URL (login.salesforce.com, or test.salesforce.com for sandboxes), Leads
 * matched by Email with one SOQL query per batch, created and updated in sObject Collections
 * calls (`/composite/sobjects`), deleted likewise; the owner from the User with the member's
 * e-mail. The API is the token answer's instance URL, or SALESFORCE_BASE_URL when set.
 */
export function salesforceProvider(config: CrmProviderConfig, redirectUri: string): CrmProviderClient {
  const oauth2 = new OAuth2({ loginUrl: config.authUrl, clientId: config.clientId, clientSecret: config.clientSecret, redirectUri });
  const connection = (accessToken: string, instanceUrl: string) => {
    const conn = new Connection({ instanceUrl: config.baseUrl ?? instanceUrl, accessToken, version: API_VERSION });
    const last = watched(conn);
    const call = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        throw callError(error, last());
      }
    };
    const query = async <T>(soql: string) =>
      (await call(() => conn.request<{ records: T[] }>({ method: 'GET', url: `/query?q=${encodeURIComponent(soql)}` }))).records;
    return { conn, call, query };
  };

  async function token(params: () => Promise<{ access_token: string; refresh_token?: string; instance_url: string }>) {
    try {
      return await params();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'invalid_grant' || name === 'invalid_client') throw new CrmGrantRevoked(`Salesforce refused the grant (${name})`);
      throw new CrmCallError(`Salesforce: ${name} ${(error as Error).message}`.slice(0, 300), null);
    }
  }

  return {
    authorizeUrl: (state) => oauth2.getAuthorizationUrl({ scope: 'api refresh_token', state }),
    async exchange(code) {
      const answer = await token(() => oauth2.requestToken(code));
      const { query } = connection(answer.access_token, answer.instance_url);
      const [org] = await query<{ Id: string; Name: string }>('SELECT Id, Name FROM Organization LIMIT 1');
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? '',
        // Salesforce does not say when a token runs out (the org's session policy): refreshed every hour, and on a 401.
        expiresAt: Date.now() + 60 * 60 * 1000,
        accountName: org?.Name ?? answer.instance_url,
        accountId: org?.Id ?? '',
        apiBase: answer.instance_url,
      };
    },
    async refresh(refreshToken) {
      const answer = await token(() => oauth2.refreshToken(refreshToken));
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token ?? refreshToken,
        expiresAt: Date.now() + 60 * 60 * 1000,
        apiBase: answer.instance_url,
      };
    },
    api({ accessToken, apiBase }): CrmApi {
      const { conn, call, query } = connection(accessToken, apiBase);
      const leads = () => conn.sobject('Lead');
      type Saved = { id?: string; success: boolean; errors: Array<{ message?: string; statusCode?: string }> };
      const sfFields = (values: CrmValues) => {
        const out: Record<string, string> = { Email: values.email, MobilePhone: values.mobile };
        for (const [field, sf] of Object.entries(FIELDS)) out[sf] = values[field as keyof typeof FIELDS];
        out.LastName ||= NOT_PROVIDED;
        out.Company ||= NOT_PROVIDED;
        return out;
      };
      return {
        async find(emails) {
          const found = new Map<string, ExistingRecord>();
          for (const part of chunks(emails, BATCH)) {
            const soql = `SELECT Id, Email, ${Object.values(FIELDS).join(', ')} FROM Lead WHERE Email IN (${part.map(quote).join(', ')}) ORDER BY CreatedDate`;
            for (const r of await query<Record<string, string | null>>(soql)) {
              const values = Object.fromEntries(Object.entries(FIELDS).map(([field, sf]) => [field, r[sf] === NOT_PROVIDED ? '' : (r[sf] ?? '')]));
              const email = (r.Email ?? '').toLowerCase();
              if (email && !found.has(email)) found.set(email, { id: r.Id!, values });
            }
          }
          return found;
        },
        async owners(emails) {
          const owners = new Map<string, string>();
          if (!emails.length) return owners;
          for (const r of await query<{ Id: string; Email: string }>(
            `SELECT Id, Email FROM User WHERE IsActive = true AND Email IN (${emails.map(quote).join(', ')})`,
          ))
            owners.set(r.Email.toLowerCase(), r.Id);
          return owners;
        },
        async send(records, leadStatus) {
          const sent = new Map<string, { id: string } | { error: string }>();
          const note = (email: string, results: Saved[], i: number) => {
            const r = results[i];
            sent.set(
              email,
              r?.success && r.id
                ? { id: r.id }
                : { error: r?.errors.map((e) => `${e.statusCode}: ${e.message}`).join('; ') || 'Salesforce did not take the lead' },
            );
          };
          const create = records.filter((r) => !r.existingId);
          const update = records.filter((r) => r.existingId);
          for (const part of chunks(create, BATCH)) {
            const rows = part.map((r) => ({
              ...sfFields(r.values),
              LeadSource: 'Contact Cards',
              ...(leadStatus ? { Status: leadStatus } : {}),
              ...(r.ownerId ? { OwnerId: r.ownerId } : {}),
            }));
            const results = (await call(() => leads().create(rows, { allOrNone: false }))) as Saved[];
            part.forEach((r, i) => note(r.email, results, i));
          }
          for (const part of chunks(update, BATCH)) {
            const rows = part.map((r) => ({ Id: r.existingId!, ...sfFields(r.values), ...(r.ownerId ? { OwnerId: r.ownerId } : {}) }));
            const results = (await call(() => leads().update(rows, { allOrNone: false }))) as Saved[];
            part.forEach((r, i) =>
              note(
                r.email,
                results.map((s) => ({ ...s, id: s.id ?? r.existingId! })),
                i,
              ),
            );
          }
          return sent;
        },
        async remove(ids, mode) {
          const done = new Map<string, string | null>();
          for (const part of chunks(ids, BATCH)) {
            const results =
              mode === 'delete'
                ? await call(() => conn.request<Saved[]>({ method: 'DELETE', url: `/composite/sobjects?ids=${part.join(',')}&allOrNone=false` }))
                : ((await call(() =>
                    leads().update(
                      part.map((Id) => ({
                        Id,
                        Email: anonymisedEmail(Id),
                        FirstName: '',
                        LastName: 'Anonymised',
                        Company: 'Anonymised',
                        Title: '',
                        Phone: '',
                        MobilePhone: '',
                        Website: '',
                        Description: '',
                      })),
                      { allOrNone: false },
                    ),
                  )) as Saved[]);
            // A record deleted in Salesforce already is gone: what the deletion wanted.
            part.forEach((id, i) =>
              done.set(id, results[i]?.success || results[i]?.errors.some((e) => e.statusCode === 'ENTITY_IS_DELETED') ? null : 'Salesforce refused'),
            );
          }
          return done;
        },
        link: (id) => `${config.baseUrl ?? apiBase}/lightning/r/Lead/${id}/view`,
      };
    },
  };
}
