import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { expectD4, quickOwners, storePasskey } from '../support/factories.ts';
import { companySignIn, createCompanySignInApp, sessionOf } from '../support/company-sign-in.ts';
import type { OidcTestProvider } from '../support/oidc-test-provider.ts';
import type { TestApp, TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 27: an organisation claims e-mail domains, proves them with a DNS TXT record (a stand-in
 * resolver here) or an operator does, and company sign-ins (OIDC, the local provider of
 * oidc-test-provider.ts) with an address of a verified domain join it as members.
 */

/** The stand-in DNS: TXT records by name; an unknown name is ENOTFOUND, as node:dns answers it. */
const txt = new Map<string, string[][]>();
const lookups: string[] = [];
async function resolveTxt(name: string): Promise<string[][]> {
  lookups.push(name);
  const records = txt.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
}

let t: TestApp;
let provider: OidcTestProvider;
let domainCounter = 0;
/** A domain no other test claimed. */
const newDomain = () => `corp${++domainCounter}-${Date.now().toString(36)}.example`;

beforeAll(async () => {
  ({ t, provider } = await createCompanySignInApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' }, { resolveTxt }));
});
afterAll(async () => t.close());

/** An organisation with an owner, an admin and a member (joined through the mailed invitation). */
async function team() {
  const [owner, admin, member] = await quickOwners(t, 3);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
  await joinOrganisation(t, organisationId, owner, admin, 'admin');
  await joinOrganisation(t, organisationId, owner, member, 'member');
  return { organisationId, owner, admin, member };
}

async function claim(organisationId: string, domain: string, user: TestUser) {
  const res = await t.post('/organisation/domain/claim', { organisationId, domain }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as { domain: string; txtName: string; txtValue: string; verified: number | null };
}
const auditActions = async (organisationId: string, user: TestUser) =>
  ((await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, user)).body.entries as Array<{ action: string; target: string }>).map(
    (e) => `${e.action} ${e.target}`,
  );

describe('POST /organisation/domain/claim', () => {
  it('claims a domain (lower-cased) and shows the TXT record that proves it', async () => {
    const { organisationId, admin } = await team();
    const domain = newDomain();
    const claimed = await claim(organisationId, `${domain.toUpperCase()}.`, admin);
    expect(claimed).toMatchObject({ domain, txtName: `_contactcards.${domain}`, verified: null, verifiedBy: null });
    expect(claimed.txtValue).toMatch(/^contactcards-verification=[A-Za-z0-9]{32}$/);
    // Claimed again by the same organisation: the same claim, the same token.
    expect((await claim(organisationId, domain, admin)).txtValue).toBe(claimed.txtValue);
    expect(await auditActions(organisationId, admin)).toContain(`domain.claim ${domain}`);
  });

  it('answers 409 cmc/domain-taken only for a domain another organisation verified: an unproved claim holds nothing (issue 33)', async () => {
    const first = await team();
    const second = await team();
    const domain = newDomain();
    const squatted = await claim(first.organisationId, domain, first.owner);
    // The second organisation claims it anyway, with a token of its own, and proves it.
    const real = await claim(second.organisationId, domain, second.owner);
    expect(real.txtValue).not.toBe(squatted.txtValue);
    txt.set(real.txtName, [[real.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId: second.organisationId, domain }, second.owner)).body.verified).toEqual(
      expect.any(Number),
    );
    // Now it is taken: the first one's proof comes too late, and nobody else may claim it.
    txt.set(real.txtName, [[real.txtValue], [squatted.txtValue]]);
    expectD4(await t.post('/organisation/domain/verify', { organisationId: first.organisationId, domain }, first.owner), 409, 'cmc/domain-taken');
    const third = await team();
    expectD4(await t.post('/organisation/domain/claim', { organisationId: third.organisationId, domain }, third.owner), 409, 'cmc/domain-taken');
  });

  it('lets exactly one of two organisations proving one domain at once win', async () => {
    const [a, b] = [await team(), await team()];
    const domain = newDomain();
    const claims = [await claim(a.organisationId, domain, a.owner), await claim(b.organisationId, domain, b.owner)];
    txt.set(
      claims[0].txtName,
      claims.map((c) => [c.txtValue]),
    );
    const answers = await Promise.all([a, b].map((o) => t.post('/organisation/domain/verify', { organisationId: o.organisationId, domain }, o.owner)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const verified = await t.app.db
      .selectFrom('organisationDomain')
      .select('organisationId')
      .where('domain', '=', domain)
      .where('verified', 'is not', null)
      .execute();
    expect(verified).toHaveLength(1);
  });

  it('lets an unproved claim expire after 7 days: it is gone from the list, verifying it is 404, a claim again gets a new token', async () => {
    const { organisationId, owner } = await team();
    const domain = newDomain();
    const first = await claim(organisationId, domain, owner);
    const listed = (await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains[0];
    expect(listed.expires - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(listed.expires - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    await t.app.db
      .updateTable('organisationDomain')
      .set({ created: Date.now() - 7 * 86_400_000 - 1000 })
      .where('domain', '=', domain)
      .execute();
    expect((await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains).toEqual([]);
    txt.set(first.txtName, [[first.txtValue]]);
    expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, owner), 404, 'cmc/domain-not-found');
    const again = await claim(organisationId, domain, owner);
    expect(again.txtValue).not.toBe(first.txtValue);
    // A verified claim never expires.
    txt.set(again.txtName, [[again.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId, domain }, owner)).status).toBe(200);
    await t.app.db.updateTable('organisationDomain').set({ created: 0 }).where('domain', '=', domain).execute();
    expect((await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains).toEqual([
      expect.objectContaining({ domain, verifiedBy: 'dns', expires: null }),
    ]);
  });

  it('answers 400 naming domain for free-mail providers and their subdomains, public suffixes and what is no domain', async () => {
    const { organisationId, owner } = await team();
    const freeMail = ['gmail.com', 'GMX.de', 't-online.de', 'proton.me', 'gmx.net', 'mail.ru', 'yandex.ru', 'live.com', 'outlook.de', 'mail.gmail.com'];
    for (const domain of [...freeMail, 'com', 'co.uk', 'not a domain', '-x.example', 'a..b', '', 'example.123']) {
      expect(expectD4(await t.post('/organisation/domain/claim', { organisationId, domain }, owner), 400, 'cmc/invalid-input').field, domain).toBe('domain');
    }
    expect(expectD4(await t.post('/organisation/domain/claim', { domain: 'x.example' }, owner), 400).field).toBe('organisationId');
  });

  it('answers 403 to a member and 404 to another organisation’s owner', async () => {
    const { organisationId, member } = await team();
    const other = await team();
    expectD4(await t.post('/organisation/domain/claim', { organisationId, domain: newDomain() }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/domain/claim', { organisationId, domain: newDomain() }, other.owner), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/organisation/domain/claim', { organisationId, domain: newDomain() }), 401);
  });

  it('claims at most 20 domains per organisation (409 cmc/domain-limit)', async () => {
    const { organisationId, owner } = await team();
    for (let i = 0; i < 20; i++) await claim(organisationId, newDomain(), owner);
    expectD4(await t.post('/organisation/domain/claim', { organisationId, domain: newDomain() }, owner), 409, 'cmc/domain-limit');
  });
});

describe('POST /organisation/domain/verify', () => {
  it('verifies when a TXT record equals the value; another record answers 409 and leaves it unverified', async () => {
    const { organisationId, owner, admin } = await team();
    const domain = newDomain();
    const claimed = await claim(organisationId, domain, owner);
    txt.set(claimed.txtName, [['v=spf1 -all'], ['contactcards-verification=wrong']]);
    const refused = expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, admin), 409, 'cmc/domain-not-verified');
    expect(refused.message).toContain(claimed.txtValue);
    expect((await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains[0].verified).toBeNull();
    // A long record comes in chunks of 255 characters; they are one value.
    txt.set(claimed.txtName, [['v=spf1 -all'], [claimed.txtValue.slice(0, 20), claimed.txtValue.slice(20)]]);
    const verified = await t.post('/organisation/domain/verify', { organisationId, domain }, admin);
    expect(verified.status, verified.raw).toBe(200);
    expect(verified.body).toMatchObject({ domain, verified: expect.any(Number), verifiedBy: 'dns' });
    expect(lookups).toContain(`_contactcards.${domain}`);
    expect(await auditActions(organisationId, owner)).toContain(`domain.verify ${domain}`);
  });

  it('answers 409 when there is no TXT record at all, 404 for a domain not claimed, 403 to a member, 404 to another organisation', async () => {
    const { organisationId, owner, member } = await team();
    const other = await team();
    const domain = newDomain();
    await claim(organisationId, domain, owner);
    expect(expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, owner), 409, 'cmc/domain-not-verified').message).toMatch(
      /no TXT record/,
    );
    expectD4(await t.post('/organisation/domain/verify', { organisationId, domain: newDomain() }, owner), 404, 'cmc/domain-not-found');
    expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, other.owner), 404, 'cmc/organisation-not-found');
    expect(expectD4(await t.post('/organisation/domain/verify', { organisationId, domain: 'x' }, owner), 400).field).toBe('domain');
  });
});

describe('POST /organisation/domain/verify limits', () => {
  it('looks up at most 30 times per organisation and hour, then answers 429 without a lookup', async () => {
    const { organisationId, owner } = await team();
    const domain = newDomain();
    await claim(organisationId, domain, owner);
    for (let i = 0; i < 30; i++) expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, owner), 409, 'cmc/domain-not-verified');
    const before = lookups.length;
    expectD4(await t.post('/organisation/domain/verify', { organisationId, domain }, owner), 429);
    expect(lookups.length).toBe(before);
  });
});

describe('GET /find/own/organisation/domains and POST /organisation/domain/remove', () => {
  it('lists the organisation’s domains and removes one (audited); a member gets 403, another organisation 404', async () => {
    const { organisationId, owner, member } = await team();
    const other = await team();
    const [a, b] = [newDomain(), newDomain()];
    await claim(organisationId, a, owner);
    await claim(organisationId, b, owner);
    const listed = await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner);
    expect(listed.body.domains.map((d: { domain: string }) => d.domain).sort()).toEqual([a, b].sort());
    expectD4(await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, member), 403);
    expectD4(await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, other.owner), 404);
    expect(expectD4(await t.get('/find/own/organisation/domains', owner), 400).field).toBe('organisationId');

    expectD4(await t.post('/organisation/domain/remove', { organisationId, domain: a }, member), 403);
    expectD4(await t.post('/organisation/domain/remove', { organisationId, domain: a }, other.owner), 404);
    const removed = await t.post('/organisation/domain/remove', { organisationId, domain: a }, owner);
    expect(removed.body).toEqual({ domain: a, removed: true });
    expectD4(await t.post('/organisation/domain/remove', { organisationId, domain: a }, owner), 404, 'cmc/domain-not-found');
    expect(
      (await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains.map((d: { domain: string }) => d.domain),
    ).toEqual([b]);
    expect(await auditActions(organisationId, owner)).toContain(`domain.remove ${a}`);
    // Removed, the domain is free for another organisation.
    await claim(other.organisationId, a, other.owner);
  });
});

describe('POST /operator/organisation/domain/verify', () => {
  it('lets an operator mark a claimed domain verified, in both audit logs; others get 404 as on every operator path', async () => {
    const { organisationId, owner } = await team();
    const domain = newDomain();
    await claim(organisationId, domain, owner);
    expectD4(await t.post('/operator/organisation/domain/verify', { organisationId, domain, reason: 'ticket 41' }, owner), 404, 'cmc/not-found');
    const [operator] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(operator.email, Date.now());
    await storePasskey(t, operator, 'key');
    const res = await t.post('/operator/organisation/domain/verify', { organisationId, domain, reason: 'ticket 42' }, operator);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ domain, verified: expect.any(Number), verifiedBy: 'operator' });
    expect((await t.get('/operator/audit', operator)).body.entries[0]).toMatchObject({ action: 'verify-domain', target: `${organisationId} ${domain}` });
    expect(await auditActions(organisationId, owner)).toContain(`domain.verify ${domain}`);
    expectD4(
      await t.post('/operator/organisation/domain/verify', { organisationId, domain: newDomain(), reason: 'ticket 43' }, operator),
      404,
      'cmc/domain-not-found',
    );
    // Without a reason nothing is verified: 400 naming it.
    const unproved = newDomain();
    await claim(organisationId, unproved, owner);
    expect(expectD4(await t.post('/operator/organisation/domain/verify', { organisationId, domain: unproved }, operator), 400).field).toBe('reason');
    const listed = (await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains as Array<{
      domain: string;
      verified: number | null;
    }>;
    expect(listed.find((d) => d.domain === unproved)?.verified).toBeNull();
    expect(
      expectD4(await t.post('/operator/organisation/domain/verify', { organisationId, domain: 'gmail.com', reason: 'ticket 44' }, operator), 400).field,
    ).toBe('domain');
  });
});

describe('POST /operator/organisation/domain/release', () => {
  it("releases an organisation's verified claim (in both audit logs), so the company that owns the domain can prove it", async () => {
    const squatter = await team();
    const company = await team();
    const domain = newDomain();
    const claimed = await claim(squatter.organisationId, domain, squatter.owner);
    txt.set(claimed.txtName, [[claimed.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId: squatter.organisationId, domain }, squatter.owner)).status).toBe(200);
    expectD4(await t.post('/organisation/domain/claim', { organisationId: company.organisationId, domain }, company.owner), 409, 'cmc/domain-taken');

    const body = { organisationId: squatter.organisationId, domain, reason: 'ticket 77: the DNS zone is the company’s' };
    // Not an operator: 404 as on every operator path, and nothing is released.
    expectD4(await t.post('/operator/organisation/domain/release', body, squatter.owner), 404, 'cmc/not-found');
    const [operator] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(operator.email, Date.now());
    // An operator without a second factor: 403.
    expectD4(await t.post('/operator/organisation/domain/release', body, operator), 403);
    await storePasskey(t, operator, 'key');
    expect(expectD4(await t.post('/operator/organisation/domain/release', { ...body, reason: undefined }, operator), 400).field).toBe('reason');
    expect(expectD4(await t.post('/operator/organisation/domain/release', { ...body, domain: 'not a domain' }, operator), 400).field).toBe('domain');
    expectD4(await t.post('/operator/organisation/domain/release', { ...body, organisationId: company.organisationId }, operator), 404, 'cmc/domain-not-found');

    const released = await t.post('/operator/organisation/domain/release', body, operator);
    expect(released.status, released.raw).toBe(200);
    expect(released.body).toEqual({ domain, removed: true });
    expect((await t.get('/operator/audit', operator)).body.entries[0]).toMatchObject({
      action: 'release-domain',
      target: `${squatter.organisationId} ${domain}`,
      reason: body.reason,
    });
    expect(await auditActions(squatter.organisationId, squatter.owner)).toContain(`domain.release ${domain}`);
    expect((await t.get(`/find/own/organisation/domains?organisationId=${squatter.organisationId}`, squatter.owner)).body.domains).toEqual([]);
    const real = await claim(company.organisationId, domain, company.owner);
    txt.set(real.txtName, [[real.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId: company.organisationId, domain }, company.owner)).status).toBe(200);

    // Without organisationId (the console asks only for the domain): the verified claim that holds it.
    const byDomain = await t.post('/operator/organisation/domain/release', { domain, reason: 'ticket 78' }, operator);
    expect(byDomain.body).toEqual({ domain, removed: true });
    expect((await t.get('/operator/audit', operator)).body.entries[0]).toMatchObject({
      action: 'release-domain',
      target: `${company.organisationId} ${domain}`,
    });
    expectD4(await t.post('/operator/organisation/domain/release', { domain, reason: 'ticket 79' }, operator), 404, 'cmc/domain-not-found');
  });
});

describe('company sign-in with an address of a claimed domain', () => {
  it('joins the organisation of a verified domain as a member, audited and announced (member.added)', async () => {
    const { organisationId, owner } = await team();
    const domain = newDomain();
    const claimed = await claim(organisationId, domain, owner);
    txt.set(claimed.txtName, [[claimed.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId, domain }, owner)).status).toBe(200);
    const hook = await t.post('/webhook/create', { url: 'http://127.0.0.1:9/hook', organisationId, events: ['member.added'] }, owner);
    expect(hook.status, hook.raw).toBe(200);

    const email = `jo-${Date.now()}@${domain}`;
    const { location, jar } = await companySignIn(t, provider, email);
    expect(location).toBe('/login?sso=done');
    const session = (await sessionOf(t, jar))!;
    const own = await t.call({ method: 'GET', url: '/find/own/organisation', headers: { authorization: `Bearer ${session.session.token}` } });
    expect(own.body).toMatchObject({ organisationId, role: 'member' });
    expect(await auditActions(organisationId, owner)).toContain(`member.join-domain ${email}`);
    const events = await t.app.db.selectFrom('webhookDelivery').select(['eventType', 'payload']).where('endpointId', '=', hook.body.webhookId).execute();
    expect(events.map((e) => e.eventType)).toEqual(['member.added']);
    expect(events[0].payload).toContain(email);
    // Signing in again changes nothing.
    await companySignIn(t, provider, email);
    expect((await auditActions(organisationId, owner)).filter((a) => a === `member.join-domain ${email}`)).toHaveLength(1);
  });

  it('does not join for a claimed but unverified domain, nor an account already in an organisation, nor by password', async () => {
    const { organisationId, owner } = await team();
    const unverified = newDomain();
    await claim(organisationId, unverified, owner);
    const stranger = (await sessionOf(t, (await companySignIn(t, provider, `x-${Date.now()}@${unverified}`)).jar))!;
    expectD4(await t.call({ method: 'GET', url: '/find/own/organisation', headers: { authorization: `Bearer ${stranger.session.token}` } }), 404);

    const domain = newDomain();
    const claimed = await claim(organisationId, domain, owner);
    txt.set(claimed.txtName, [[claimed.txtValue]]);
    expect((await t.post('/organisation/domain/verify', { organisationId, domain }, owner)).status).toBe(200);
    // A password account of the verified domain stays outside: only company sign-in proves the address here.
    const byPassword = await t.signUp({ email: `pw-${Date.now()}@${domain}` });
    expectD4(await t.get('/find/own/organisation', byPassword), 404);
    // An account in another organisation stays there.
    const elsewhere = await team();
    const otherMember = await t.signUp({ email: `moved-${Date.now()}@${domain}` });
    await joinOrganisation(t, elsewhere.organisationId, elsewhere.owner, otherMember, 'member');
    await companySignIn(t, provider, otherMember.email);
    expect((await t.get('/find/own/organisation', otherMember)).body.organisationId).toBe(elsewhere.organisationId);
  });
});
