import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * Issue 37: stand-ins of HubSpot, Salesforce and Pipedrive for the tests (this machine cannot
 * reach the vendors). Each is a small HTTP server on loopback implementing the documented OAuth
 * 2.0 endpoints (authorize → redirect with a code, token with the authorization_code and
 * refresh_token grants) and the REST endpoints the official clients call, keeping records in
 * memory so a test can assert "one contact, updated, deleted". On demand the API answers 500 or
 * 429 (with Retry-After), and grants can be revoked (refresh → invalid_grant).
 *
 * HubSpot: POST /oauth/v1/token, GET /oauth/v1/access-tokens/{token}, CRM v3 contacts batch
 * read/upsert/update/archive, GET /crm/v3/owners/. Salesforce: /services/oauth2/authorize and
 * /token, /services/data/v50.0/query (the SOQL the connector sends), /composite/sobjects (POST,
 * PATCH, DELETE). Pipedrive: /oauth/authorize and /oauth/token (Basic auth), /v1/users/me and
 * /v1/users/find, /api/v2/persons (search, get, add, update, delete).
 */

export interface CrmStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Records by id (HubSpot contacts, Salesforce Leads, Pipedrive persons), as the CRM keeps them. */
  records: Map<string, Record<string, any>>;
  /** Every API call (not OAuth) as `METHOD /path`. */
  calls: string[];
  /** CRM users by e-mail → id (the record owners). */
  users: Map<string, string>;
  /** Answers `status` to the next `times` API calls (all of them by default), with Retry-After seconds if given. */
  fail(status: number, options?: { times?: number; retryAfter?: number }): void;
  recover(): void;
  /** Refuses every refresh token and access token issued so far (the admin revoked the app). */
  revoke(): void;
  /** Lets the access tokens issued so far run out (the next call of the connector must refresh). */
  expireAccessTokens(): void;
  /** Follows an authorize URL as the admin's browser would after granting: the callback URL with code and state. */
  authorize(authorizeUrl: string): Promise<URL>;
  /** The live records that have this e-mail. */
  withEmail(email: string): Array<Record<string, any>>;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, body: string, url: URL) => { status: number; body?: unknown; headers?: Record<string, string> } | undefined;

const json = (status: number, body?: unknown, headers: Record<string, string> = {}) => ({ status, body, headers });

/** Form fields of a urlencoded or multipart/form-data body (the HubSpot client sends the latter). */
export function formFields(req: IncomingMessage, body: string): Record<string, string> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const out: Record<string, string> = {};
    for (const m of body.matchAll(/name="([^"]+)"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r]*)\r\n/g)) out[m[1]] = m[2];
    return out;
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** The shared part: OAuth codes and tokens, failures on demand, the server itself. */
async function standIn(name: string, route: (ctx: Ctx) => Handler): Promise<CrmStandIn> {
  const clientId = `${name}-client`;
  const clientSecret = `${name}-secret-${randomBytes(6).toString('hex')}`;
  const codes = new Map<string, string>(); // code → redirect_uri
  const access = new Map<string, number>(); // token → expires at
  const refresh = new Set<string>();
  let failing: { status: number; times: number; retryAfter?: number } | undefined;
  const calls: string[] = [];
  const records = new Map<string, Record<string, any>>();
  const users = new Map<string, string>();
  let url = '';
  const ctx: Ctx = {
    clientId,
    clientSecret,
    records,
    users,
    get url() {
      return url;
    },
    issue(expiresIn = 1800) {
      const accessToken = `${name}-at-${randomBytes(12).toString('hex')}`;
      const refreshToken = `${name}-rt-${randomBytes(12).toString('hex')}`;
      access.set(accessToken, Date.now() + expiresIn * 1000);
      refresh.add(refreshToken);
      return { accessToken, refreshToken, expiresIn };
    },
    takeCode(code, redirectUri) {
      const expected = codes.get(code);
      codes.delete(code);
      return expected !== undefined && expected === redirectUri;
    },
    takeRefresh(token) {
      if (!refresh.has(token)) return false;
      refresh.delete(token);
      return true;
    },
    keepRefresh: (token) => void refresh.add(token),
    authorized(req) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return (access.get(token) ?? 0) > Date.now();
    },
    newId: () => String(Math.floor(Math.random() * 9e11) + 1e11),
  };
  const handler = route(ctx);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const target = new URL(req.url ?? '/', url);
      let answer: ReturnType<Handler>;
      if (req.method === 'GET' && /\/(oauth2?\/)?authorize$/.test(target.pathname)) {
        const code = `${name}-code-${randomBytes(8).toString('hex')}`;
        const redirect = target.searchParams.get('redirect_uri') ?? '';
        codes.set(code, redirect);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', target.searchParams.get('state') ?? '');
        answer = { status: 302, headers: { location: back.toString() } };
      } else {
        const isOauth = /oauth/.test(target.pathname);
        if (!isOauth) calls.push(`${req.method} ${target.pathname}`);
        if (!isOauth && failing && failing.times > 0) {
          failing.times--;
          answer = json(
            failing.status,
            { message: `stand-in answers ${failing.status}` },
            failing.retryAfter ? { 'retry-after': String(failing.retryAfter) } : {},
          );
        } else if (!isOauth && !/access-tokens/.test(target.pathname) && !ctx.authorized(req)) {
          answer = json(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
        } else answer = handler(req, body, target) ?? json(404, { message: `no stand-in for ${req.method} ${target.pathname}` });
      }
      res.writeHead(answer.status, { ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers });
      res.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    records,
    calls,
    users,
    fail: (status, options = {}) => (failing = { status, times: options.times ?? Infinity, retryAfter: options.retryAfter }),
    recover: () => (failing = undefined),
    revoke() {
      access.clear();
      refresh.clear();
    },
    expireAccessTokens() {
      for (const token of access.keys()) access.set(token, 0);
    },
    async authorize(authorizeUrl) {
      const res = await fetch(authorizeUrl, { redirect: 'manual' });
      return new URL(res.headers.get('location')!);
    },
    withEmail: (email) => [...records.values()].filter((r) => r.__email === email.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Ctx {
  clientId: string;
  clientSecret: string;
  url: string;
  records: Map<string, Record<string, any>>;
  users: Map<string, string>;
  issue(expiresIn?: number): { accessToken: string; refreshToken: string; expiresIn: number };
  takeCode(code: string, redirectUri: string): boolean;
  takeRefresh(token: string): boolean;
  keepRefresh(token: string): void;
  authorized(req: IncomingMessage): boolean;
  newId(): string;
}

const now = () => new Date().toISOString();

/** HubSpot: OAuth v1 and the CRM v3 contacts and owners. A record keeps its properties; `__email` is its lower-cased e-mail. */
export function startHubSpotStandIn(): Promise<CrmStandIn> {
  return standIn('hubspot', (ctx) => {
    const contact = (id: string) => ({ id, properties: ctx.records.get(id)!.properties, createdAt: now(), updatedAt: now(), archived: false });
    const byEmail = (email: string) => [...ctx.records.entries()].find(([, r]) => r.__email === email.toLowerCase())?.[0];
    const batch = (results: unknown[]) => json(200, { status: 'COMPLETE', results, startedAt: now(), completedAt: now() });
    const write = (id: string, properties: Record<string, string>) => {
      const record = ctx.records.get(id) ?? { properties: { hs_object_id: id } };
      record.properties = { ...record.properties, ...properties };
      record.__email = String(record.properties.email ?? '').toLowerCase();
      ctx.records.set(id, record);
    };
    return (req, body, url) => {
      const path = url.pathname;
      if (path === '/oauth/v1/token' && req.method === 'POST') {
        const f = formFields(req, body);
        if (f.client_id !== ctx.clientId || f.client_secret !== ctx.clientSecret) return json(400, { status: 'BAD_CLIENT_ID', message: 'bad client' });
        const ok = f.grant_type === 'authorization_code' ? ctx.takeCode(f.code, f.redirect_uri) : ctx.takeRefresh(f.refresh_token);
        if (!ok) return json(400, { status: f.grant_type === 'refresh_token' ? 'BAD_REFRESH_TOKEN' : 'BAD_AUTH_CODE', message: 'refused' });
        const t = ctx.issue();
        return json(200, { access_token: t.accessToken, refresh_token: t.refreshToken, expires_in: t.expiresIn, token_type: 'bearer' });
      }
      const info = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(path);
      if (info && req.method === 'GET')
        return json(200, {
          token: info[1],
          user: 'admin@acme.example',
          hub_domain: 'acme-test.hubspot.com',
          hub_id: 4242,
          app_id: 1,
          expires_in: 1700,
          user_id: 7,
          token_type: 'access',
          scopes: [],
        });
      const input = body ? (JSON.parse(body) as { inputs?: Array<{ id: string; properties?: Record<string, string> }> }) : {};
      if (path === '/crm/v3/objects/contacts/batch/read')
        return batch(
          (input.inputs ?? [])
            .map((i) => byEmail(i.id))
            .filter(Boolean)
            .map((id) => contact(id!)),
        );
      if (path === '/crm/v3/objects/contacts/batch/upsert') {
        const emails = (input.inputs ?? []).map((i) => i.id.toLowerCase());
        if (new Set(emails).size !== emails.length) return json(400, { status: 'error', message: 'Duplicate IDs found in batch input' });
        return batch(
          (input.inputs ?? []).map((i) => {
            const found = byEmail(i.id);
            const id = found ?? ctx.newId();
            write(id, { ...i.properties, email: i.id });
            return { ...contact(id), new: !found };
          }),
        );
      }
      if (path === '/crm/v3/objects/contacts/batch/update')
        return batch(
          (input.inputs ?? []).map((i) => {
            write(i.id, i.properties ?? {});
            return contact(i.id);
          }),
        );
      if (path === '/crm/v3/objects/contacts/batch/archive') {
        for (const i of input.inputs ?? []) ctx.records.delete(i.id);
        return { status: 204 };
      }
      if (path === '/crm/v3/owners/' || path === '/crm/v3/owners') {
        const email = (url.searchParams.get('email') ?? '').toLowerCase();
        const id = ctx.users.get(email);
        const results = id
          ? [{ id, email, firstName: 'Sales', lastName: 'Person', userId: Number(id), createdAt: now(), updatedAt: now(), archived: false }]
          : [];
        return json(200, { results });
      }
      return undefined;
    };
  });
}

/** SOQL string literals of an `IN (…)` list. */
const literals = (list: string) => [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1].replace(/\\(.)/g, '$1').toLowerCase());

/** Salesforce: the OAuth 2.0 web-server flow and the REST API's query and sObject Collections. A record is a Lead's fields; `__email` its lower-cased Email. */
export function startSalesforceStandIn(): Promise<CrmStandIn> {
  return standIn('salesforce', (ctx) => {
    const leadOf = (id: string) => {
      const { __email: _email, ...fields } = ctx.records.get(id)!;
      return { attributes: { type: 'Lead', url: `/services/data/v59.0/sobjects/Lead/${id}` }, ...fields };
    };
    const save = (id: string, fields: Record<string, unknown>) => {
      const record: Record<string, any> = { ...(ctx.records.get(id) ?? {}), ...fields, Id: id };
      if (!record.LastName || !record.Company)
        return { id, success: false, errors: [{ statusCode: 'REQUIRED_FIELD_MISSING', message: 'LastName, Company', fields: [] }] };
      record.__email = String(record.Email ?? '').toLowerCase();
      ctx.records.set(id, record);
      return { id, success: true, errors: [] };
    };
    return (req, body, url) => {
      const path = url.pathname;
      if (path === '/services/oauth2/token' && req.method === 'POST') {
        const f = formFields(req, body);
        if (f.client_id !== ctx.clientId || f.client_secret !== ctx.clientSecret)
          return json(400, { error: 'invalid_client', error_description: 'invalid client credentials' });
        const ok = f.grant_type === 'authorization_code' ? ctx.takeCode(f.code, f.redirect_uri) : ctx.takeRefresh(f.refresh_token);
        if (!ok) return json(400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
        const t = ctx.issue();
        const id = `${ctx.url}/id/00D000000000001AAA/005000000000001AAA`;
        // Salesforce sends no expiry; a refresh answer carries no new refresh token (this stand-in keeps the old one valid).
        if (f.grant_type === 'refresh_token') ctx.keepRefresh(f.refresh_token);
        return json(200, {
          access_token: t.accessToken,
          ...(f.grant_type === 'authorization_code' ? { refresh_token: t.refreshToken } : {}),
          instance_url: ctx.url,
          id,
          token_type: 'Bearer',
          issued_at: String(Date.now()),
          signature: 'c3RhbmQtaW4=',
        });
      }
      const base = '/services/data/v59.0';
      if (path === `${base}/query`) {
        const q = url.searchParams.get('q') ?? '';
        let records: unknown[];
        if (/FROM Organization/.test(q)) records = [{ attributes: { type: 'Organization' }, Id: '00D000000000001AAA', Name: 'Acme Test Org' }];
        else if (/FROM User/.test(q)) {
          const wanted = literals(/Email IN \((.*)\)/.exec(q)?.[1] ?? '');
          records = wanted.filter((e) => ctx.users.has(e)).map((e) => ({ attributes: { type: 'User' }, Id: ctx.users.get(e), Email: e }));
        } else if (/FROM Lead/.test(q)) {
          const wanted = literals(/Email IN \((.*)\)/.exec(q)?.[1] ?? '');
          records = [...ctx.records.keys()].filter((id) => wanted.includes(ctx.records.get(id)!.__email)).map(leadOf);
        } else return json(400, [{ errorCode: 'MALFORMED_QUERY', message: 'stand-in knows no such query' }]);
        return json(200, { totalSize: records.length, done: true, records });
      }
      if (path === `${base}/composite/sobjects`) {
        if (req.method === 'DELETE') {
          const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
          return json(
            200,
            ids.map((id) =>
              ctx.records.delete(id)
                ? { id, success: true, errors: [] }
                : { id, success: false, errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'deleted' }] },
            ),
          );
        }
        const input = JSON.parse(body) as { records: Array<Record<string, unknown>> };
        if (req.method === 'POST')
          return json(
            200,
            input.records.map(({ attributes: _a, ...fields }) => save(`00Q${ctx.newId()}AAA`, fields)),
          );
        if (req.method === 'PATCH')
          return json(
            200,
            // Field names are case-insensitive in Salesforce: jsforce sends the record's id as `id`.
            input.records.map(({ attributes: _a, Id, id, ...fields }) => {
              const key = String(Id ?? id);
              return ctx.records.has(key) ? save(key, fields) : { id: key, success: false, errors: [{ statusCode: 'ENTITY_IS_DELETED', message: 'deleted' }] };
            }),
          );
      }
      return undefined;
    };
  });
}

/** Pipedrive: OAuth (Basic client auth), v1 users, v2 persons. A record is a person (v2 shape); `__email` its primary e-mail. */
export function startPipedriveStandIn(): Promise<CrmStandIn> {
  return standIn('pipedrive', (ctx) => {
    const basicOk = (req: IncomingMessage) => req.headers.authorization === `Basic ${Buffer.from(`${ctx.clientId}:${ctx.clientSecret}`).toString('base64')}`;
    const person = (id: string) => Object.fromEntries(Object.entries(ctx.records.get(id)!).filter(([key]) => !key.startsWith('__')));
    const write = (id: number, fields: Record<string, any>) => {
      const record: Record<string, any> = { __notes: [], ...(ctx.records.get(String(id)) ?? { id, add_time: now() }), ...fields, update_time: now() };
      const name = String(record.name ?? '');
      record.first_name = name.includes(' ') ? name.slice(0, name.lastIndexOf(' ')) : '';
      record.last_name = name.includes(' ') ? name.slice(name.lastIndexOf(' ') + 1) : name;
      record.__email = String((record.emails ?? []).find((e: any) => e.primary)?.value ?? record.emails?.[0]?.value ?? '').toLowerCase();
      ctx.records.set(String(id), record);
      return json(200, { success: true, data: person(String(id)) });
    };
    return (req, body, url) => {
      const path = url.pathname;
      if (path === '/oauth/token' && req.method === 'POST') {
        if (!basicOk(req)) return json(401, { success: false, message: 'Invalid client', error: 'unauthorized' });
        const f = formFields(req, body);
        const ok = f.grant_type === 'authorization_code' ? ctx.takeCode(f.code, f.redirect_uri) : ctx.takeRefresh(f.refresh_token);
        if (!ok) return json(400, { error: 'invalid_grant', message: 'Invalid grant' });
        const t = ctx.issue(3599);
        return json(200, {
          access_token: t.accessToken,
          refresh_token: t.refreshToken,
          token_type: 'Bearer',
          expires_in: t.expiresIn,
          scope: 'base,contacts:full',
          api_domain: ctx.url,
        });
      }
      if (path === '/v1/users/me')
        return json(200, {
          success: true,
          data: { id: 1, name: 'Admin', email: 'admin@acme.example', company_id: 777, company_name: 'Acme Sandbox', company_domain: 'acme-sandbox' },
        });
      if (path === '/v1/users/find') {
        const email = (url.searchParams.get('term') ?? '').toLowerCase();
        const id = ctx.users.get(email);
        return json(200, { success: true, data: id ? [{ id: Number(id), email, name: 'Sales Person', active_flag: true }] : null });
      }
      if (path === '/api/v2/persons/search') {
        const term = (url.searchParams.get('term') ?? '').toLowerCase();
        const items = [...ctx.records.keys()]
          .filter((id) => ctx.records.get(id)!.__email === term)
          .map((id) => ({ result_score: 1, item: { id: Number(id), type: 'person', name: ctx.records.get(id)!.name, emails: [term], phones: [] } }));
        return json(200, { success: true, data: { items }, additional_data: { next_cursor: null } });
      }
      // Notes live on their person here (`__notes`): the person's details a note carries go with it.
      const notes = () => [...ctx.records.values()].flatMap((r) => (r.__notes ?? []) as Array<{ id: number; content: string; person_id: number }>);
      if (path === '/v1/notes' && req.method === 'GET') {
        const personId = url.searchParams.get('person_id');
        return json(200, { success: true, data: notes().filter((n) => String(n.person_id) === personId) });
      }
      if (path === '/v1/notes' && req.method === 'POST') {
        const note = { id: Number(ctx.newId()), ...(JSON.parse(body) as { content: string; person_id: number }) };
        const owner = ctx.records.get(String(note.person_id));
        if (!owner) return json(400, { success: false, error: 'person not found' });
        owner.__notes = [...(owner.__notes ?? []), note];
        return json(200, { success: true, data: note });
      }
      const noteId = /^\/v1\/notes\/(\d+)$/.exec(path)?.[1];
      if (noteId && req.method === 'DELETE') {
        for (const r of ctx.records.values()) r.__notes = (r.__notes ?? []).filter((n: { id: number }) => String(n.id) !== noteId);
        return json(200, { success: true, data: { id: Number(noteId) } });
      }
      const one = /^\/api\/v2\/persons\/(\d+)$/.exec(path);
      if (path === '/api/v2/persons' && req.method === 'POST') {
        const fields = JSON.parse(body) as Record<string, unknown>;
        if (!fields.name) return json(400, { success: false, error: 'Name must be given.' });
        return write(Number(ctx.newId()), fields);
      }
      if (one && !ctx.records.has(one[1])) return json(404, { success: false, error: 'Person not found' });
      if (one && req.method === 'GET') return json(200, { success: true, data: person(one[1]) });
      if (one && req.method === 'PATCH') return write(Number(one[1]), JSON.parse(body));
      if (one && req.method === 'DELETE') {
        ctx.records.delete(one[1]);
        return json(200, { success: true, data: { id: Number(one[1]) } });
      }
      return undefined;
    };
  });
}
