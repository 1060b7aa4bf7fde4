import { Client } from '@hubspot/api-client';
import type { CrmProviderConfig } from '../../config-crm.ts';
import { anonymisedEmail } from './crm-values.ts';
import { chunks, CrmCallError, CrmGrantRevoked, retryAfterMs, type CrmApi, type CrmProviderClient, type ExistingRecord } from './crm-provider.ts';

/** The scopes a connect asks for: contacts read and write, the owners to set the record's owner. */
const SCOPES = 'crm.objects.contacts.read crm.objects.contacts.write crm.objects.owners.read';
/** HubSpot's batch calls take at most 100 inputs. */
const BATCH = 100;
/** The contact properties a lead fills (docs/integrations.md "Field mapping"). */
const PROPERTIES = {
  firstName: 'firstname',
  lastName: 'lastname',
  company: 'company',
  jobTitle: 'jobtitle',
  phone: 'phone',
  website: 'website',
  note: 'message',
} as const;

/** HubSpot's answer as a CrmCallError (the client throws `ApiException` with the status and headers). */
function callError(error: unknown): CrmCallError {
  const e = error as { code?: unknown; headers?: Record<string, string>; message?: string };
  const status = typeof e.code === 'number' ? e.code : null;
  return new CrmCallError(`HubSpot: ${status ?? 'no answer'} ${(e.message ?? '').slice(0, 200)}`.trim(), status, retryAfterMs(e.headers?.['retry-after']));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw callError(error);
  }
}

/**
 * HubSpot through its official client (`@hubspot/api-client` 13, the last major for Node 20),
 * pointed at HUBSPOT_BASE_URL with `basePath`: contacts of the CRM v3 API matched by e-mail
 * (batch read by `idProperty: email`, batch upsert by e-mail), owners by e-mail, the portal from
 * the token's info. The client's own retries are off: the outbox retries (docs/outbox.md).
 */
export function hubspotProvider(config: CrmProviderConfig, redirectUri: string): CrmProviderClient {
  const basePath = config.baseUrl ?? 'https://api.hubapi.com';
  const client = (accessToken?: string) => new Client({ basePath, accessToken, numberOfApiCallRetries: 0 });

  async function token(grant: 'authorization_code' | 'refresh_token', value: string) {
    try {
      return grant === 'authorization_code'
        ? await client().oauth.tokensApi.create(grant, value, redirectUri, config.clientId, config.clientSecret)
        : await client().oauth.tokensApi.create(grant, undefined, undefined, config.clientId, config.clientSecret, value);
    } catch (error) {
      const failed = callError(error);
      if (failed.status === 400 || failed.status === 401) throw new CrmGrantRevoked(`HubSpot refused the grant (${failed.status})`);
      throw failed;
    }
  }

  return {
    authorizeUrl(state) {
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, scope: SCOPES, state }).toString();
      return url.toString();
    },
    async exchange(code) {
      const answer = await token('authorization_code', code);
      const info = await call(() => client().oauth.accessTokensApi.get(answer.accessToken));
      return {
        accessToken: answer.accessToken,
        refreshToken: answer.refreshToken,
        expiresAt: Date.now() + answer.expiresIn * 1000,
        accountName: info.hubDomain ?? String(info.hubId),
        accountId: String(info.hubId),
        apiBase: '',
      };
    },
    async refresh(refreshToken) {
      const answer = await token('refresh_token', refreshToken);
      return { accessToken: answer.accessToken, refreshToken: answer.refreshToken || refreshToken, expiresAt: Date.now() + answer.expiresIn * 1000 };
    },
    api({ accessToken, accountId }): CrmApi {
      const hubspot = client(accessToken);
      const contacts = hubspot.crm.contacts.batchApi;
      return {
        async find(emails) {
          const found = new Map<string, ExistingRecord>();
          for (const part of chunks(emails, BATCH)) {
            const answer = await call(() =>
              contacts.read({
                idProperty: 'email',
                inputs: part.map((id) => ({ id })),
                properties: ['email', ...Object.values(PROPERTIES)],
                propertiesWithHistory: [],
              }),
            );
            for (const record of answer.results) {
              const p = record.properties;
              const values = Object.fromEntries(Object.entries(PROPERTIES).map(([field, property]) => [field, p[property] ?? '']));
              if (p.email) found.set(p.email.toLowerCase(), { id: record.id, values });
            }
          }
          return found;
        },
        async owners(emails) {
          const owners = new Map<string, string>();
          for (const email of emails) {
            const page = await call(() => hubspot.crm.owners.ownersApi.getPage(email, undefined, 1));
            const owner = page.results.find((o) => o.email?.toLowerCase() === email);
            if (owner) owners.set(email, owner.id);
          }
          return owners;
        },
        async send(records, leadStatus) {
          const sent = new Map<string, { id: string } | { error: string }>();
          for (const part of chunks(records, BATCH)) {
            const inputs = part.map((r) => {
              const properties: Record<string, string> = { email: r.values.email, mobilephone: r.values.mobile };
              for (const [field, property] of Object.entries(PROPERTIES)) properties[property] = r.values[field as keyof typeof PROPERTIES];
              if (r.ownerId) properties.hubspot_owner_id = r.ownerId;
              if (leadStatus && !r.existingId) properties.hs_lead_status = leadStatus;
              return { idProperty: 'email', id: r.values.email, properties };
            });
            const answer = await call(() => contacts.upsert({ inputs }));
            for (const record of answer.results) if (record.properties.email) sent.set(record.properties.email.toLowerCase(), { id: record.id });
            const errors = 'errors' in answer ? (answer.errors ?? []) : [];
            for (const r of part) if (!sent.has(r.email)) sent.set(r.email, { error: errors[0]?.message ?? 'HubSpot did not take the contact' });
          }
          return sent;
        },
        async remove(ids, mode) {
          const done = new Map<string, string | null>();
          for (const part of chunks(ids, BATCH)) {
            if (mode === 'delete') await call(() => contacts.archive({ inputs: part.map((id) => ({ id })) }));
            else {
              const empty = Object.fromEntries([...Object.values(PROPERTIES), 'mobilephone'].map((p) => [p, '']));
              await call(() => contacts.update({ inputs: part.map((id) => ({ id, properties: { ...empty, email: anonymisedEmail(id) } })) }));
            }
            for (const id of part) done.set(id, null);
          }
          return done;
        },
        link: (id) => `https://app.hubspot.com/contacts/${accountId}/record/0-1/${id}`,
      };
    },
  };
}
