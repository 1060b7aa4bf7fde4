import { v1, v2 } from 'pipedrive';
import type { CrmProviderConfig } from '../../config-crm.ts';
import { CrmCallError, CrmGrantRevoked, retryAfterMs, type CrmApi, type CrmProviderClient, type ExistingRecord } from './crm-provider.ts';

/** An error body with the HTTP status the connector reads (the client's interceptor hands on only the body). */
type Failed = { httpStatus?: number; retryAfter?: string; error?: string; message?: string; code?: string; response?: { status?: number } };

/**
 * axios' `transformResponse` (passed through the client's `baseOptions`): parses JSON as the
 * default does, and writes the status and Retry-After into an error's body, since the client's
 * error interceptor rejects with the body alone.
 */
function transformResponse(this: unknown, data: unknown, headers: Record<string, string> | undefined, status?: number) {
  let body: unknown = data;
  if (typeof data === 'string' && data) {
    try {
      body = JSON.parse(data);
    } catch {
      body = { error: data.slice(0, 200) };
    }
  }
  if (status !== undefined && status >= 400 && body && typeof body === 'object')
    Object.assign(body, { httpStatus: status, retryAfter: headers?.['retry-after'] });
  return body;
}

/** A client configuration whose requests keep the status of an error answer (`baseOptions` reach axios). */
function withStatus<C extends { baseOptions?: unknown }>(configuration: C): C {
  configuration.baseOptions = { transformResponse };
  return configuration;
}

function callError(error: unknown): CrmCallError {
  const e = (error ?? {}) as Failed;
  const status = e.httpStatus ?? e.response?.status ?? null;
  return new CrmCallError(
    `Pipedrive: ${status ?? 'no answer'} ${(e.error ?? e.message ?? e.code ?? '').slice(0, 200)}`.trim(),
    status,
    retryAfterMs(e.retryAfter),
  );
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw callError(error);
  }
}

/**
 * Pipedrive through its official client (`pipedrive` 33, API v2 persons, v1 users and notes):
 * the OAuth server at PIPEDRIVE_AUTH_URL (the client's OAuth2Configuration `host`), the API at the
 * token answer's `api_domain` or PIPEDRIVE_BASE_URL. Pipedrive has no batch calls for persons: a
 * person is found by exact e-mail (search), then updated or created, one call each; the lead's
 * note (with company, job title and website, which persons do not hold by default) is added as a
 * Note on the person unless it is there already.
 */
export function pipedriveProvider(config: CrmProviderConfig, redirectUri: string): CrmProviderClient {
  const oauth = () => new v2.OAuth2Configuration({ clientId: config.clientId, clientSecret: config.clientSecret, redirectUri, host: config.authUrl });
  async function token(work: (o: v2.OAuth2Configuration) => Promise<v2.TokenResponse>) {
    try {
      return await work(oauth());
    } catch (error) {
      const e = error as Failed;
      if (e.error === 'invalid_grant' || e.response?.status === 400) throw new CrmGrantRevoked(`Pipedrive refused the grant (${e.error ?? 400})`);
      throw callError(error);
    }
  }
  const v1Config = (accessToken: string, base: string) => withStatus(new v1.Configuration({ accessToken, basePath: `${base}/v1` }));
  const expiry = (t: v2.TokenResponse) => Date.now() + t.expires_in * 1000;

  return {
    authorizeUrl: (state) => `${oauth().authorizationUrl}&state=${encodeURIComponent(state)}`,
    async exchange(code) {
      const answer = await token((o) => o.authorize(code));
      const apiBase = answer.api_domain.replace(/\/+$/, '');
      const me = await call(() => new v1.UsersApi(v1Config(answer.access_token, config.baseUrl ?? apiBase)).getCurrentUser());
      const company = me.data as { company_name?: string; company_id?: number } | undefined;
      return {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: expiry(answer),
        accountName: company?.company_name ?? apiBase,
        accountId: String(company?.company_id ?? ''),
        apiBase,
      };
    },
    async refresh(refreshToken) {
      const answer = await token((o) => {
        o.updateToken({ refresh_token: refreshToken } as v2.TokenResponse);
        return o.tokenRefresh();
      });
      return { accessToken: answer.access_token, refreshToken: answer.refresh_token || refreshToken, expiresAt: expiry(answer), apiBase: answer.api_domain };
    },
    api({ accessToken, apiBase }): CrmApi {
      const base = config.baseUrl ?? apiBase;
      const persons = new v2.PersonsApi(withStatus(new v2.Configuration({ accessToken, basePath: `${base}/api/v2` })));
      const notes = new v1.NotesApi(v1Config(accessToken, base));
      const users = new v1.UsersApi(v1Config(accessToken, base));
      const notesOf = async (personId: number) =>
        ((await call(() => notes.getNotes({ person_id: personId }))).data ?? []) as Array<{ id: number; content?: string }>;
      return {
        async find(emails) {
          const found = new Map<string, ExistingRecord>();
          for (const email of emails) {
            const hits = await call(() => persons.searchPersons({ term: email, fields: 'email', exact_match: true, limit: 1 }));
            const id = hits.data?.items?.[0]?.item?.id;
            if (!id) continue;
            const person = (await call(() => persons.getPerson({ id }))).data as
              { first_name?: string; last_name?: string; phones?: Array<{ value?: string }> } | undefined;
            const note = (await notesOf(id)).map((n) => n.content ?? '').join('\n\n');
            found.set(email, {
              id: String(id),
              values: { firstName: person?.first_name ?? '', lastName: person?.last_name ?? '', phone: person?.phones?.[0]?.value ?? '', note },
            });
          }
          return found;
        },
        async owners(emails) {
          const owners = new Map<string, string>();
          for (const email of emails) {
            const hits = (await call(() => users.findUsersByName({ term: email, search_by_email: 1 }))).data ?? [];
            const user = hits.find((u) => u.email?.toLowerCase() === email);
            if (user?.id) owners.set(email, String(user.id));
          }
          return owners;
        },
        async send(records) {
          const sent = new Map<string, { id: string } | { error: string }>();
          for (const r of records) {
            const v = r.values;
            const name = [v.firstName, v.lastName].filter(Boolean).join(' ') || v.email;
            const phones = [
              v.phone && { value: v.phone, primary: true, label: 'work' },
              v.mobile && { value: v.mobile, primary: !v.phone, label: 'mobile' },
            ].filter((p): p is { value: string; primary: boolean; label: string } => Boolean(p));
            const fields = {
              name,
              emails: [{ value: v.email, primary: true, label: 'work' }],
              ...(phones.length ? { phones } : {}),
              ...(r.ownerId ? { owner_id: Number(r.ownerId) } : {}),
            };
            const saved = r.existingId
              ? await call(() => persons.updatePerson({ id: Number(r.existingId), UpdatePersonRequest: fields }))
              : await call(() => persons.addPerson({ AddPersonRequest: fields }));
            const id = saved.data?.id;
            if (!id) {
              sent.set(r.email, { error: 'Pipedrive did not take the person' });
              continue;
            }
            const extra = [v.company && `Company: ${v.company}`, v.jobTitle && `Job title: ${v.jobTitle}`, v.website && `Website: ${v.website}`]
              .filter(Boolean)
              .join('\n');
            const content = [v.note.split('\n\n').pop(), extra].filter(Boolean).join('\n');
            const have = r.existingId ? await notesOf(id) : [];
            if (content && !have.some((n) => (n.content ?? '').includes(content.split('\n')[0])))
              await call(() => notes.addNote({ AddNoteRequest: { content, person_id: id } }));
            sent.set(r.email, { id: String(id) });
          }
          return sent;
        },
        async remove(ids, mode) {
          const done = new Map<string, string | null>();
          for (const id of ids) {
            try {
              // The notes carry the lead's details: they go either way.
              for (const note of await notesOf(Number(id))) await call(() => notes.deleteNote({ id: note.id }));
              if (mode === 'delete') await call(() => persons.deletePerson({ id: Number(id) }));
              else await call(() => persons.updatePerson({ id: Number(id), UpdatePersonRequest: { name: 'Anonymised', emails: [], phones: [] } }));
            } catch (error) {
              // Deleted in Pipedrive already: what the deletion wanted.
              if (!(error instanceof CrmCallError && error.status === 404)) throw error;
            }
            done.set(id, null);
          }
          return done;
        },
        link: (id) => `${apiBase}/person/${id}`,
      };
    },
  };
}
