/**
 * Issue 27: an identity provider's first sync of a whole company (docs/performance.md).
 * `node --import tsx bench/scim-sync.ts` (SQLite; with `DATABASE_URL=postgres://…` PostgreSQL)
 * starts the real server on a free port, makes an organisation with a SCIM token and then does
 * what Entra ID does for each of `BENCH_SCIM_USERS` (2,000) people, `BENCH_CONCURRENCY` (4) at a
 * time over HTTP: `GET /scim/v2/Users?filter=userName eq "…"`, then `POST /scim/v2/Users`
 * (each create sends an invitation mail into the local outbox until the organisation's daily
 * mail limit). Then it pushes one group with everyone, 100 members per PATCH, and deactivates
 * 100 people. Prints the time of each phase.
 */
import { createTestApp } from '../test/support/test-app.ts';

const USERS = Number(process.env.BENCH_SCIM_USERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

const t = await createTestApp();
try {
  const base = await t.listen();
  const admin = await t.signUp();
  const organisationId = (await t.post('/organisation/create', { name: 'Bench GmbH' }, admin)).body.organisationId as string;
  const token = (await t.post('/organisation/scim-token', { organisationId, name: 'bench' }, admin)).body.token as string;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  async function pool<T>(items: T[], work: (item: T) => Promise<void>) {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < items.length) await work(items[next++]);
      }),
    );
  }

  const ids: string[] = [];
  const started = performance.now();
  await pool(
    Array.from({ length: USERS }, (_, i) => i),
    async (i) => {
      const userName = `person${i}@bench.example`;
      const found = await call('GET', `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
      if (found.totalResults !== 0) throw new Error('not new');
      const created = await call('POST', '/scim/v2/Users', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        userName,
        externalId: `ext-${i}`,
        active: true,
        name: { givenName: `Person`, familyName: `Nr ${i}` },
        title: 'Sales',
        emails: [{ primary: true, type: 'work', value: userName }],
        phoneNumbers: [{ type: 'work', value: `+49 30 ${1000 + i}` }],
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales', employeeNumber: String(i) },
      });
      ids.push(created.id);
    },
  );
  const usersMs = performance.now() - started;

  const groupStarted = performance.now();
  const group = await call('POST', '/scim/v2/Groups', { displayName: 'Everyone' });
  for (let i = 0; i < ids.length; i += 100)
    await call('PATCH', `/scim/v2/Groups/${group.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: ids.slice(i, i + 100).map((value) => ({ value })) }],
    });
  const groupMs = performance.now() - groupStarted;

  const offStarted = performance.now();
  await pool(ids.slice(0, 100), async (id) => {
    await call('PATCH', `/scim/v2/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
  });
  const offMs = performance.now() - offStarted;
  const listed = await call('GET', '/scim/v2/Users?count=1');

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`engine: ${t.engine}, users: ${USERS}, concurrency: ${CONCURRENCY}, stored: ${listed.totalResults}`);
  console.log(`users (GET filter + POST each): ${s(usersMs)} (${(usersMs / USERS).toFixed(1)} ms per user)`);
  console.log(`group of all, ${Math.ceil(USERS / 100)} PATCHes of 100: ${s(groupMs)}`);
  console.log(`100 deactivations: ${s(offMs)}`);
} finally {
  await t.close();
}
