import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4, quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { startHubSpotStandIn } from '../support/crm-standins.ts';
import { connect, crmWorld, drive, sendContact, type CrmWorld } from '../support/crm-suite.ts';
import { CRM_RATE_RULES } from '../../server/features/crm/crm.service.ts';

/**
 * Issue 37's calls (docs/integrations.md "CRM"): who may call them (an organisation's owners and
 * admins; a member 403, anyone else 404; a lead's state only to its owner), 400s naming the field,
 * the limits (docs/security.md "CRM connectors"), an owner's own connection, and a provider
 * without a client id not offered. Against the HubSpot stand-in; SQLite and PostgreSQL.
 */

let w: CrmWorld;
beforeAll(async () => {
  w = await crmWorld({
    provider: 'hubspot',
    start: startHubSpotStandIn,
    env: (s) => ({
      HUBSPOT_CLIENT_ID: s.clientId,
      HUBSPOT_CLIENT_SECRET: s.clientSecret,
      HUBSPOT_BASE_URL: s.url,
      HUBSPOT_AUTH_URL: `${s.url}/oauth/authorize`,
    }),
    field: () => undefined,
  });
});
afterAll(async () => {
  await w.t.close();
  await w.standIn.close();
});

describe('ownership: POST /organisation/crm/connect, GET /integrations/crm/callback, GET /find/own/organisation/crm, POST /organisation/crm/settings, GET /find/own/crm/log, POST /organisation/crm/disconnect', () => {
  it('a member gets 403 and another organisation’s admin 404 on every organisation call', async () => {
    expect((await connect(w, 'hubspot')).headers.location).toContain('crm=connected');
    const [stranger] = await quickOwners(w.t, 1);
    const strangerOrg = (await w.t.post('/organisation/create', { name: 'Other' }, stranger)).body.organisationId as string;
    const { organisationId } = w;
    const calls = [
      () => ['POST', '/organisation/crm/connect', { organisationId, provider: 'hubspot' }],
      () => ['GET', `/find/own/organisation/crm?organisationId=${organisationId}`],
      () => ['POST', '/organisation/crm/settings', { organisationId, provider: 'hubspot', onDelete: 'anonymise' }],
      () => ['GET', `/find/own/crm/log?provider=hubspot&organisationId=${organisationId}`],
      () => ['POST', '/organisation/crm/disconnect', { organisationId, provider: 'hubspot' }],
    ] as const;
    for (const make of calls) {
      const [method, url, body] = make() as [string, string, object | undefined];
      const as = (who: typeof w.member) => (method === 'GET' ? w.t.get(url, who) : w.t.post(url, body, who));
      expectD4(await as(w.member), 403, 'cmc/forbidden');
      expectD4(await as(stranger), 404, 'cmc/organisation-not-found');
    }
    expect(strangerOrg).toBeTruthy();
    // Still connected: none of those went through.
    expect((await w.t.get(`/find/own/organisation/crm?organisationId=${organisationId}`, w.admin)).body.connections).toHaveLength(1);
  });

  it('a lead’s sync state (GET /find/own/lead/crm) and its retry (POST /lead/crm/retry) are its owner’s only', async () => {
    const leadId = await sendContact(w.t, w.profileId, 'owned@example.net');
    await drive(w.t);
    expect((await w.t.get(`/find/own/lead/crm?leadId=${leadId}`, w.member)).body.syncs).toHaveLength(1);
    // The organisation's admins see it in the log, not through the lead calls.
    expect((await w.t.get(`/find/own/lead/crm?leadId=${leadId}`, w.admin)).body.syncs).toEqual([]);
    expectD4(await w.t.post('/lead/crm/retry', { leadId }, w.admin), 404, 'cmc/lead-not-found');
    expect((await w.t.post('/lead/crm/retry', { leadId }, w.member)).status).toBe(200);
  });

  it('a state made by one admin is bound to that account and organisation: a role lost meanwhile connects nothing', async () => {
    const [admin2] = await quickOwners(w.t, 1);
    await joinOrganisation(w.t, w.organisationId, w.owner, admin2, 'admin');
    const res = await w.t.post('/organisation/crm/connect', { organisationId: w.organisationId, provider: 'hubspot' }, admin2);
    expect(res.status, res.raw).toBe(200);
    const members = await w.t.get(`/find/own/organisation/members?organisationId=${w.organisationId}`, w.owner);
    expect(members.status, members.raw).toBe(200);
    const changed = await w.t.post('/organisation/member/role', { organisationId: w.organisationId, userId: admin2.userId, role: 'member' }, w.owner);
    expect(changed.status, changed.raw).toBe(200);
    const back = await w.standIn.authorize(res.body.authorizeUrl);
    const callback = await w.t.get(`${back.pathname}${back.search}`);
    expect(callback.headers.location).toContain('crm=forbidden');
  });

  it('an unknown or expired state connects nothing', async () => {
    const res = await w.t.get('/integrations/crm/callback?code=x&state=made-up');
    expect(res.status).toBe(303);
    expect(res.headers.location).toContain('crm=expired');
    const made = await w.t.post('/organisation/crm/connect', { organisationId: w.organisationId, provider: 'hubspot' }, w.admin);
    const back = await w.standIn.authorize(made.body.authorizeUrl);
    await w.t.app.db
      .updateTable('crmOauthState')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect((await w.t.get(`${back.pathname}${back.search}`)).headers.location).toContain('crm=expired');
    const denied = await w.t.post('/organisation/crm/connect', { organisationId: w.organisationId, provider: 'hubspot' }, w.admin);
    const state = new URL(denied.body.authorizeUrl).searchParams.get('state');
    expect((await w.t.get(`/integrations/crm/callback?error=access_denied&state=${state}`)).headers.location).toContain('crm=denied');
  });
});

describe('an owner’s own connection: POST /crm/connect, GET /find/own/crm, POST /crm/settings, POST /crm/disconnect', () => {
  it('takes all of the owner’s leads, apart from the organisation’s', async () => {
    const [solo] = await quickOwners(w.t, 1);
    const profile = await w.t.post('/profile/create', { firstName: 'Solo', lastName: 'Owner' }, solo);
    expect(profile.status, profile.raw).toBe(200);
    expect((await connect(w, 'hubspot', solo, null)).headers.location).toContain('crm=connected');
    const listed = await w.t.get('/find/own/crm', solo);
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.connections).toEqual([expect.objectContaining({ provider: 'hubspot', connected: true })]);
    const settings = await w.t.post('/crm/settings', { provider: 'hubspot', sources: { form: false, captured: true } }, solo);
    expect(settings.status, settings.raw).toBe(200);
    const skipped = await sendContact(w.t, profile.body.id, 'form-lead@example.net');
    expect((await w.t.get(`/find/own/lead/crm?leadId=${skipped}`, solo)).body.syncs).toEqual([]);
    await w.t.post('/crm/settings', { provider: 'hubspot', sources: { form: true, captured: true } }, solo);
    const sent = await sendContact(w.t, profile.body.id, 'solo-lead@example.net');
    await drive(w.t);
    expect(w.standIn.withEmail('solo-lead@example.net')).toHaveLength(1);
    expect((await w.t.get(`/find/own/lead/crm?leadId=${sent}`, solo)).body.syncs[0]).toMatchObject({ state: 'synced', organisationId: null });
    // The organisation's connection is not the owner's: another owner's calls do not see it.
    expect((await w.t.get('/find/own/crm', w.admin)).body.connections).toEqual([]);
    expectD4(await w.t.post('/crm/disconnect', { provider: 'hubspot' }, w.admin), 404, 'cmc/crm-connection-not-found');
    expect((await w.t.post('/crm/disconnect', { provider: 'hubspot' }, solo)).body).toEqual({ provider: 'hubspot', disconnected: true });
  });
});

describe('bad input: 400 naming the field', () => {
  it('refuses an unknown provider, a provider without a client id, a wrong policy and a missing organisation', async () => {
    expect(expectD4(await w.t.post('/crm/connect', { provider: 'zoho' }, w.admin), 400).field).toBe('provider');
    // Salesforce has no client id on this server: not offered.
    expect(expectD4(await w.t.post('/crm/connect', { provider: 'salesforce' }, w.admin), 400).field).toBe('provider');
    expect((await w.t.get('/find/own/crm', w.admin)).body.offered).toEqual(['hubspot']);
    expect(expectD4(await w.t.post('/organisation/crm/connect', { provider: 'hubspot' }, w.admin), 400).field).toBe('organisationId');
    const policy = await w.t.post(
      '/organisation/crm/settings',
      { organisationId: w.organisationId, provider: 'hubspot', fields: { lastName: 'append' } },
      w.admin,
    );
    expect(expectD4(policy, 400).field).toMatch(/^fields/);
    const onDelete = await w.t.post('/organisation/crm/settings', { organisationId: w.organisationId, provider: 'hubspot', onDelete: 'keep' }, w.admin);
    expect(expectD4(onDelete, 400).field).toBe('onDelete');
    expect(expectD4(await w.t.post('/lead/crm/retry', {}, w.member), 400).field).toBe('leadId');
    expect(expectD4(await w.t.get('/find/own/lead/crm', w.member), 400).field).toBe('leadId');
    expect(expectD4(await w.t.get('/find/own/crm/log?provider=nope', w.admin), 400).field).toBe('provider');
    expect(expectD4(await w.t.get('/find/own/organisation/crm', w.admin), 400).field).toBe('organisationId');
    expect(expectD4(await w.t.post('/organisation/crm/disconnect', { organisationId: w.organisationId }, w.admin), 400).field).toBe('provider');
  });
});

describe('limits', () => {
  it(`POST /crm/connect: ${CRM_RATE_RULES.connect.max} an hour per account, then 429`, async () => {
    const [busy] = await quickOwners(w.t, 1);
    for (let i = 0; i < CRM_RATE_RULES.connect.max; i++) expect((await w.t.post('/crm/connect', { provider: 'hubspot' }, busy)).status).toBe(200);
    const limited = await w.t.post('/crm/connect', { provider: 'hubspot' }, busy);
    expectD4(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The states of the connects made are each single use; none leaks a token.
    expect(await w.t.app.db.selectFrom('crmOauthState').selectAll().where('userId', '=', busy.userId).execute()).toHaveLength(CRM_RATE_RULES.connect.max);
  });

  it(`POST /lead/crm/retry: ${CRM_RATE_RULES.retries.max} an hour per account, then 429`, async () => {
    const leadId = await sendContact(w.t, w.profileId, 'retry-limit@example.net');
    // The member retried once above: the rest of the hour's allowance goes through, then 429.
    let allowed = 0;
    for (let res = await w.t.post('/lead/crm/retry', { leadId }, w.member); res.status !== 429; res = await w.t.post('/lead/crm/retry', { leadId }, w.member)) {
      expect(res.status, res.raw).toBe(200);
      allowed++;
      expect(allowed).toBeLessThanOrEqual(CRM_RATE_RULES.retries.max);
    }
    expect(allowed).toBe(CRM_RATE_RULES.retries.max - 1);
  });
});
