import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickOwners } from './factories.ts';
import { joinOrganisation } from './organisations.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';
import type { CrmStandIn } from './crm-standins.ts';

/**
 * Issue 37's end-to-end suite, run per provider against its stand-in (test/support/crm-standins.ts)
 * by test/api/crm-{hubspot,salesforce,pipedrive}.test.ts, on SQLite and PostgreSQL: connect →
 * authorizeUrl → the stand-in's redirect → callback → the connection listed without tokens; a lead
 * on a member's company profile becomes one record, a second lead from the address updates it, a
 * deletion reaches it; 500s for hours lose nothing; a revoked grant breaks the connection, mails
 * the admins and is audited. The outbox's `crm.sync` is paused and driven with runOnce({now}).
 */
export interface CrmSuiteOptions {
  provider: 'hubspot' | 'salesforce' | 'pipedrive';
  start: () => Promise<CrmStandIn>;
  env: (standIn: CrmStandIn) => Record<string, string>;
  /** A record's value of the connector's field (first name, last name, company, note, owner). */
  field: (record: Record<string, any>, field: 'firstName' | 'lastName' | 'company' | 'note' | 'owner') => unknown;
}

export interface CrmWorld {
  t: TestApp;
  standIn: CrmStandIn;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  organisationId: string;
  profileId: string;
}

let visitors = 0;
/** A visitor's lead on `profileId` through the page's contact call; answers its id. */
export async function sendContact(t: TestApp, profileId: string, email: string, name = 'Ada Lovelace', extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/send/contact',
    payload: { profileId, senderEmail: email, name, language: 'en', ...extra },
    remoteAddress: `10.37.${Math.floor(++visitors / 200)}.${visitors % 200}`,
  });
  expect(res.status, res.raw).toBe(200);
  return (await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profileId).orderBy('created', 'desc').executeTakeFirstOrThrow()).id;
}

/** Runs the due `crm.sync` messages at `now` until none is due; answers how many ran. */
export async function drive(t: TestApp, now = Date.now()) {
  let ran = 0;
  for (let i = 0; i < 50; i++) {
    const n = await t.app.platform.outbox.runOnce({ types: ['crm.sync'], now });
    if (!n) return ran;
    ran += n;
  }
  return ran;
}

/** An organisation (owner, admin, member with a company profile), the stand-in, the app with the provider configured. */
export async function crmWorld(options: CrmSuiteOptions): Promise<CrmWorld> {
  const standIn = await options.start();
  const t = await createTestApp(options.env(standIn));
  await t.app.platform.outbox.pause(['crm.sync']);
  const [owner, admin, member] = await quickOwners(t, 3);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, owner);
  expect(saved.status, saved.raw).toBe(200);
  await joinOrganisation(t, organisationId, owner, admin, 'admin');
  await joinOrganisation(t, organisationId, owner, member);
  const company = await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', lastName: 'Muster' }, member);
  expect(company.status, company.raw).toBe(200);
  return { t, standIn, owner, admin, member, organisationId, profileId: company.body.id as string };
}

/** connect → authorizeUrl → the stand-in's redirect → the callback: answers the callback's answer. */
export async function connect(world: CrmWorld, provider: string, who: TestUser = world.admin, organisationId: string | null = world.organisationId) {
  const res = organisationId
    ? await world.t.post('/organisation/crm/connect', { organisationId, provider }, who)
    : await world.t.post('/crm/connect', { provider }, who);
  expect(res.status, res.raw).toBe(200);
  const back = await world.standIn.authorize(res.body.authorizeUrl as string);
  expect(back.pathname).toBe('/integrations/crm/callback');
  return world.t.get(`${back.pathname}${back.search}`);
}

export function crmSuite(options: CrmSuiteOptions) {
  const { provider, field } = options;
  let w: CrmWorld;
  beforeAll(async () => {
    w = await crmWorld(options);
  });
  afterAll(async () => {
    await w.t.close();
    await w.standIn.close();
  });
  const records = (email: string) => w.standIn.withEmail(email);
  const noToken = (raw: string) => {
    for (const token of ['-at-', '-rt-', '-code-', w.standIn.clientSecret]) expect(raw).not.toContain(token);
  };

  describe(`${provider}: POST /organisation/crm/connect and GET /integrations/crm/callback`, () => {
    it('connects through the provider’s OAuth flow and lists the connection without tokens', async () => {
      const res = await w.t.post('/organisation/crm/connect', { organisationId: w.organisationId, provider }, w.admin);
      expect(res.status, res.raw).toBe(200);
      const authorizeUrl = new URL(res.body.authorizeUrl);
      expect(authorizeUrl.origin).toBe(w.standIn.url);
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${w.t.config.publicUrl}/integrations/crm/callback`);
      const back = await w.standIn.authorize(res.body.authorizeUrl);
      const callback = await w.t.get(`${back.pathname}${back.search}`);
      expect(callback.status, callback.raw).toBe(303);
      expect(callback.headers.location).toBe(`${w.t.config.publicUrl}/integrations?crm=connected&provider=${provider}`);
      // The state is single use.
      const again = await w.t.get(`${back.pathname}${back.search}`);
      expect(again.headers.location).toBe(`${w.t.config.publicUrl}/integrations?crm=expired`);
      const listed = await w.t.get(`/find/own/organisation/crm?organisationId=${w.organisationId}`, w.owner);
      expect(listed.status, listed.raw).toBe(200);
      expect(listed.body.offered).toContain(provider);
      expect(listed.body.connections).toEqual([expect.objectContaining({ provider, connected: true, status: 'connected', connectedByEmail: w.admin.email })]);
      noToken(listed.raw);
      const stored = await w.t.app.db.selectFrom('crmConnection').selectAll().executeTakeFirstOrThrow();
      expect(stored.accessToken.startsWith('enc:v1:')).toBe(true);
      expect(stored.refreshToken.startsWith('enc:v1:')).toBe(true);
      noToken(JSON.stringify(stored));
    });
  });

  describe(`${provider}: leads of members' company profiles`, () => {
    it('a lead becomes one record; a second lead from the address updates it; the deletion reaches it', async () => {
      w.standIn.users.set(w.member.email.toLowerCase(), '90001');
      const email = `visitor-${provider}@example.net`;
      const first = await sendContact(w.t, w.profileId, email, 'Ada Lovelace', { company: 'Engines Ltd' });
      expect(await drive(w.t)).toBeGreaterThan(0);
      expect(records(email)).toHaveLength(1);
      expect(field(records(email)[0], 'lastName')).toBe('Lovelace');
      expect(field(records(email)[0], 'company')).toBe('Engines Ltd');
      expect(String(field(records(email)[0], 'owner'))).toBe('90001');
      const state = await w.t.get(`/find/own/lead/crm?leadId=${first}`, w.member);
      expect(state.status, state.raw).toBe(200);
      expect(state.body.syncs).toEqual([expect.objectContaining({ provider, state: 'synced', link: expect.stringContaining('') })]);
      expect(state.body.syncs[0].link).toBeTruthy();

      const second = await sendContact(w.t, w.profileId, email, 'Ada King', { company: 'Analytical Engines' });
      await drive(w.t);
      expect(records(email)).toHaveLength(1);
      // Default policy: names fill only empty fields, the company is overwritten, notes are appended.
      expect(field(records(email)[0], 'lastName')).toBe('Lovelace');
      expect(field(records(email)[0], 'company')).toBe('Analytical Engines');
      expect(String(field(records(email)[0], 'note'))).toContain(first);
      expect(String(field(records(email)[0], 'note'))).toContain(second);

      const log = await w.t.get(`/find/own/crm/log?provider=${provider}&organisationId=${w.organisationId}`, w.admin);
      expect(log.status, log.raw).toBe(200);
      expect(log.body.syncs.map((s: any) => s.leadId).sort()).toEqual([first, second].sort());

      for (const leadId of [first, second]) expect((await w.t.post('/lead/delete', { leadId }, w.member)).status).toBe(200);
      await drive(w.t);
      expect(records(email)).toHaveLength(0);
      expect(await w.t.app.db.selectFrom('crmSync').selectAll().where('leadId', 'in', [first, second]).execute()).toEqual([]);
    });

    it('a provider answering 500 for hours loses nothing, then sends the burst in batch calls', async () => {
      w.standIn.fail(500);
      const emails = Array.from({ length: 30 }, (_, i) => `burst-${provider}-${i}@example.net`);
      const ids: string[] = [];
      for (const email of emails) ids.push(await sendContact(w.t, w.profileId, email));
      let now = Date.now();
      for (let hour = 0; hour < 3; hour++) {
        now += 60 * 60 * 1000;
        await drive(w.t, now);
      }
      const waiting = await w.t.get(`/find/own/lead/crm?leadId=${ids[0]}`, w.member);
      expect(waiting.body.syncs[0]).toMatchObject({ state: 'waiting', error: expect.stringContaining('500') });
      expect(emails.flatMap(records)).toHaveLength(0);
      w.standIn.recover();
      const before = w.standIn.calls.length;
      await drive(w.t, now + 7 * 60 * 60 * 1000);
      for (const email of emails) expect(records(email)).toHaveLength(1);
      const writes = w.standIn.calls.slice(before).filter((c) => !c.startsWith('GET') && !c.includes('/read'));
      if (provider !== 'pipedrive') expect(writes.length).toBeLessThanOrEqual(2); // one batch call (plus none for owners)
      const listed = await w.t.get(`/find/own/organisation/crm?organisationId=${w.organisationId}`, w.admin);
      expect(listed.body.connections[0]).toMatchObject({ lastError: null, counts: expect.objectContaining({ waiting: 0, failed: 0 }) });
    });

    it('a 429 is retried after its Retry-After', async () => {
      w.standIn.fail(429, { times: 1, retryAfter: 120 });
      const email = `limited-${provider}@example.net`;
      const leadId = await sendContact(w.t, w.profileId, email);
      const start = Date.now();
      await drive(w.t, start);
      const row = await w.t.app.db.selectFrom('outboxMessage').selectAll().where('type', '=', 'crm.sync').executeTakeFirstOrThrow();
      expect(Number(row.availableAt)).toBeGreaterThanOrEqual(start + 119_000);
      await drive(w.t, Number(row.availableAt));
      expect(records(email)).toHaveLength(1);
      expect((await w.t.get(`/find/own/lead/crm?leadId=${leadId}`, w.member)).body.syncs[0].state).toBe('synced');
    });

    it('a lead that failed is sent again by POST /lead/crm/retry', async () => {
      w.standIn.fail(400);
      const email = `refused-${provider}@example.net`;
      const leadId = await sendContact(w.t, w.profileId, email);
      await drive(w.t);
      const failed = await w.t.get(`/find/own/lead/crm?leadId=${leadId}`, w.member);
      expect(failed.body.syncs[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('400') });
      w.standIn.recover();
      const retried = await w.t.post('/lead/crm/retry', { leadId }, w.member);
      expect(retried.status, retried.raw).toBe(200);
      expect(retried.body).toEqual({ leadId, waiting: 1 });
      await drive(w.t);
      expect(records(email)).toHaveLength(1);
    });

    it('refreshes an access token that ran out; a revoked grant breaks the connection, mails the admins and is audited', async () => {
      w.standIn.expireAccessTokens();
      const email = `refresh-${provider}@example.net`;
      await sendContact(w.t, w.profileId, email);
      await drive(w.t);
      expect(records(email)).toHaveLength(1);

      w.standIn.revoke();
      const later = `revoked-${provider}@example.net`;
      const leadId = await sendContact(w.t, w.profileId, later);
      await drive(w.t);
      const listed = await w.t.get(`/find/own/organisation/crm?organisationId=${w.organisationId}`, w.admin);
      expect(listed.body.connections[0]).toMatchObject({ connected: false, status: 'broken', lastError: expect.stringContaining('connect again') });
      const mails = (await w.t.get('/_dev/mail')).body as Array<{ to: string; subject: string }>;
      for (const who of [w.owner, w.admin]) expect(mails.some((m) => m.to === who.email && /connection broken/.test(m.subject))).toBe(true);
      expect(mails.some((m) => m.to === w.member.email && /connection broken/.test(m.subject))).toBe(false);
      const audit = await w.t.get(`/find/own/organisation/audit?organisationId=${w.organisationId}`, w.owner);
      expect(JSON.stringify(audit.body)).toContain('crm.broken');
      // Its leads wait; connecting again sends them.
      expect((await w.t.get(`/find/own/lead/crm?leadId=${leadId}`, w.member)).body.syncs[0].state).toBe('waiting');
      expect((await connect(w, provider)).headers.location).toContain('crm=connected');
      await drive(w.t);
      expect(records(later)).toHaveLength(1);
    });

    it('settings change the field policy: overwrite replaces the name, anonymise keeps the record without the person', async () => {
      const res = await w.t.post(
        '/organisation/crm/settings',
        { organisationId: w.organisationId, provider, fields: { lastName: 'overwrite', note: 'overwrite' }, onDelete: 'anonymise' },
        w.admin,
      );
      expect(res.status, res.raw).toBe(200);
      expect(res.body.settings).toMatchObject({ fields: { lastName: 'overwrite', firstName: 'fill-empty', note: 'overwrite' }, onDelete: 'anonymise' });
      noToken(res.raw);
      const email = `policy-${provider}@example.net`;
      await sendContact(w.t, w.profileId, email, 'Grace Hopper');
      const second = await sendContact(w.t, w.profileId, email, 'Grace Murray');
      await drive(w.t);
      expect(field(records(email)[0], 'lastName')).toBe('Murray');
      const ids = (await w.t.app.db.selectFrom('lead').select('id').where('email', '=', email).execute()).map((r) => r.id);
      const count = w.standIn.records.size;
      for (const id of ids) expect((await w.t.post('/lead/delete', { leadId: id }, w.member)).status).toBe(200);
      await drive(w.t);
      expect(records(email)).toHaveLength(0);
      expect(w.standIn.records.size).toBe(count);
      expect(JSON.stringify([...w.standIn.records.values()])).not.toContain('Murray');
      expect(second).toBeTruthy();
    });

    it('POST /organisation/crm/disconnect removes it; leads no longer go', async () => {
      const res = await w.t.post('/organisation/crm/disconnect', { organisationId: w.organisationId, provider }, w.owner);
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toEqual({ provider, disconnected: true });
      const email = `after-${provider}@example.net`;
      await sendContact(w.t, w.profileId, email);
      await drive(w.t);
      expect(records(email)).toHaveLength(0);
      expect((await w.t.get(`/find/own/organisation/crm?organisationId=${w.organisationId}`, w.admin)).body.connections).toEqual([]);
    });
  });
}
