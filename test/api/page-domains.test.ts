import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { expectD4, quickOwners, storePasskey } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 39, claiming an organisation's own page host: owners and admins name it
 * (POST /organisation/page-domain/set), prove it with a DNS TXT record looked up through the
 * real node:dns resolver against a DNS server of this suite's own (DNS_RESOLVER), or an operator
 * verifies it by hand; one host per organisation, a verified host no other organisation's.
 * GET /.well-known/cmc/tls-allowed answers Caddy's on-demand TLS question.
 */

let t: TestApp;
let dns: TestDnsServer;
let hostCounter = 0;
/** A host no other test named. */
const newHost = () => `cards${++hostCounter}-${Date.now().toString(36)}.acme-corp.com`;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_RESOLVER: dns.address }, { publicHost: 'cards.service.test' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

/** An organisation with an owner, an admin and a member, and someone outside it. */
async function team() {
  const [owner, admin, member, outsider] = await quickOwners(t, 4);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
  await joinOrganisation(t, organisationId, owner!, admin!, 'admin');
  await joinOrganisation(t, organisationId, owner!, member!, 'member');
  return { organisationId, owner: owner!, admin: admin!, member: member!, outsider: outsider! };
}
type Answer = { host: string; txtRecordName: string; txtRecordValue: string; verified: boolean; check: string | null };
async function setHost(organisationId: string, host: string, user: TestUser) {
  const res = await t.post('/organisation/page-domain/set', { organisationId, host }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Answer;
}
const verify = (organisationId: string, user: TestUser) => t.post('/organisation/page-domain/verify', { organisationId }, user);
const auditActions = async (organisationId: string, user: TestUser) =>
  ((await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, user)).body.entries as Array<{ action: string; target: string }>).map(
    (e) => `${e.action} ${e.target}`,
  );
const tlsAllowed = (domain: string) => t.call({ method: 'GET', url: `/.well-known/cmc/tls-allowed?domain=${encodeURIComponent(domain)}` });
/** Names and proves a host for the organisation through the TXT record. */
export async function verifiedHost(organisationId: string, user: TestUser, host = newHost()) {
  const named = await setHost(organisationId, host, user);
  dns.txt.set(named.txtRecordName, [named.txtRecordValue]);
  const res = await verify(organisationId, user);
  expect(res.body, res.raw).toMatchObject({ verified: true, check: 'verified' });
  return host;
}

describe('POST /organisation/page-domain/set', () => {
  it('names a host (lower-cased, trailing dot dropped), answers the TXT record that proves it, read back by GET /find/own/organisation/page-domain', async () => {
    const { organisationId, owner } = await team();
    const host = newHost();
    const named = await setHost(organisationId, `${host.toUpperCase()}.`, owner);
    expect(named).toMatchObject({ host, txtRecordName: `_contactcards-page.${host}`, verified: false, check: null });
    expect(named.txtRecordValue).toMatch(/^contactcards-page=[A-Za-z0-9]{32}$/);
    // The same host again is the same record; the owner app reads it back.
    expect((await setHost(organisationId, host, owner)).txtRecordValue).toBe(named.txtRecordValue);
    expect((await t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, owner)).body.pageDomain).toMatchObject({
      host,
      verified: false,
    });
    expect(await auditActions(organisationId, owner)).toContain(`page-domain.set ${host}`);
  });

  it('lets owners and admins only: a member 403, someone outside 404, no sign-in 401', async () => {
    const { organisationId, admin, member, outsider } = await team();
    expect((await t.post('/organisation/page-domain/set', { organisationId, host: newHost() }, admin)).status).toBe(200);
    for (const call of [
      (u?: TestUser) => t.post('/organisation/page-domain/set', { organisationId, host: newHost() }, u),
      (u?: TestUser) => t.post('/organisation/page-domain/verify', { organisationId }, u),
      (u?: TestUser) => t.post('/organisation/page-domain/remove', { organisationId }, u),
      (u?: TestUser) => t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, u),
    ]) {
      expectD4(await call(member), 403);
      expectD4(await call(outsider), 404, 'cmc/organisation-not-found');
      expectD4(await call(), 401);
    }
  });

  it.each([
    ['', 'host'],
    ['https://cards.acme.com/x', 'host'],
    ['cards.acme.com:8443', 'host'],
    ['192.168.1.20', 'host'],
    ['[::1]', 'host'],
    ['localhost', 'host'],
    ['acme', 'host'],
    ['co.uk', 'host'],
    ['acme.github.io', 'host'],
    ['cards.acme.vercel.app', 'host'],
    ['cards.service.test', 'host'],
    ['x.cards.service.test', 'host'],
  ])('refuses %j with 400 naming the host', async (host, field) => {
    const { organisationId, owner } = await team();
    expect(expectD4(await t.post('/organisation/page-domain/set', { organisationId, host }, owner), 400).field).toBe(field);
  });

  it('refuses a body without organisation (400 naming it) and an unknown field shape', async () => {
    const [owner] = await quickOwners(t, 1);
    expect(expectD4(await t.post('/organisation/page-domain/set', { host: newHost() }, owner), 400).field).toBe('organisationId');
    expect(expectD4(await t.post('/organisation/page-domain/set', { organisationId: 'abc', host: 42 }, owner), 400).field).toBe('host');
    expect(expectD4(await t.post('/organisation/page-domain/verify', {}, owner), 400).field).toBe('organisationId');
  });

  it('keeps one host per organisation: another host replaces it, unverified, with a new record', async () => {
    const { organisationId, owner } = await team();
    const first = await verifiedHost(organisationId, owner);
    expect((await tlsAllowed(first)).status).toBe(200);
    const second = await setHost(organisationId, newHost(), owner);
    expect(second.verified).toBe(false);
    expect((await t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, owner)).body.pageDomain.host).toBe(second.host);
    // The old host answers no more, at once.
    expect((await tlsAllowed(first)).status).toBe(404);
  });

  it("refuses a host another organisation has proved (409), while unproved names stand in nobody's way", async () => {
    const a = await team();
    const b = await team();
    const host = newHost();
    await setHost(b.organisationId, host, b.owner);
    await verifiedHost(a.organisationId, a.owner, host);
    expectD4(await t.post('/organisation/page-domain/set', { organisationId: (await team()).organisationId, host }, a.owner), 404);
    const c = await team();
    expectD4(await t.post('/organisation/page-domain/set', { organisationId: c.organisationId, host }, c.owner), 409, 'cmc/page-domain-taken');
    // B named it before A proved it: B's proof now fails on the database's unique index.
    const bRecord = (await t.get(`/find/own/organisation/page-domain?organisationId=${b.organisationId}`, b.owner)).body.pageDomain as Answer;
    dns.txt.set(bRecord.txtRecordName, [bRecord.txtRecordValue]);
    expectD4(await verify(b.organisationId, b.owner), 409, 'cmc/page-domain-taken');
  });
});

describe('POST /organisation/page-domain/verify', () => {
  it('looks the TXT record up and says what it found: missing, another value, a failed lookup, then verified', async () => {
    const { organisationId, admin } = await team();
    const named = await setHost(organisationId, newHost(), admin);
    expect((await verify(organisationId, admin)).body).toMatchObject({ verified: false, check: 'missing' });
    dns.txt.set(named.txtRecordName, ['contactcards-page=somebody-else', 'v=spf1 -all']);
    expect((await verify(organisationId, admin)).body).toMatchObject({ verified: false, check: 'mismatch' });
    dns.failing.add(named.txtRecordName);
    expect((await verify(organisationId, admin)).body).toMatchObject({ verified: false, check: 'failed' });
    dns.failing.delete(named.txtRecordName);
    expect((await tlsAllowed(named.host)).status).toBe(404);
    dns.txt.set(named.txtRecordName, ['v=spf1 -all', named.txtRecordValue]);
    const res = await verify(organisationId, admin);
    expect(res.body).toMatchObject({ host: named.host, verified: true, verifiedBy: 'dns', verifiedAt: expect.any(Number), check: 'verified' });
    expect(dns.asked).toContain(named.txtRecordName);
    expect(await auditActions(organisationId, admin)).toContain(`page-domain.verify ${named.host}`);
    expect((await tlsAllowed(named.host)).status).toBe(200);
  });

  it('answers 404 without a named host, and limits the DNS checks per organisation (429)', async () => {
    const { organisationId, owner } = await team();
    expectD4(await verify(organisationId, owner), 404, 'cmc/page-domain-not-found');
    await setHost(organisationId, newHost(), owner);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await verify(organisationId, owner)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expectD4(await verify(organisationId, owner), 429);
  });
});

describe('POST /organisation/page-domain/remove', () => {
  it('removes the host (audited); its pages and certificate answer no more; again 404', async () => {
    const { organisationId, owner } = await team();
    const host = await verifiedHost(organisationId, owner);
    const res = await t.post('/organisation/page-domain/remove', { organisationId }, owner);
    expect(res.body, res.raw).toEqual({ removed: true });
    expect((await tlsAllowed(host)).status).toBe(404);
    expect(await auditActions(organisationId, owner)).toContain(`page-domain.remove ${host}`);
    expectD4(await t.post('/organisation/page-domain/remove', { organisationId }, owner), 404, 'cmc/page-domain-not-found');
    expect((await t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, owner)).body).toEqual({ pageDomain: null });
  });
});

describe('POST /operator/organisation/page-domain/verify', () => {
  it('lets an operator verify a host by hand, in both audit logs; others get 404 as on every operator path', async () => {
    const { organisationId, owner } = await team();
    const host = newHost();
    expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId, host, reason: 'ticket 1' }, owner), 404, 'cmc/not-found');
    expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId, host, reason: 'ticket 1' }), 401);
    const [operator] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(operator!.email, Date.now());
    expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId, host, reason: 'ticket 1' }, operator), 403);
    await storePasskey(t, operator!, 'key');
    expect(expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId, host }, operator), 400).field).toBe('reason');
    expect(
      expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId, host: 'a.github.io', reason: 'ticket 2' }, operator), 400).field,
    ).toBe('host');
    expectD4(await t.post('/operator/organisation/page-domain/verify', { organisationId: 'nosuchorg1', host, reason: 'ticket 2' }, operator), 404);
    const res = await t.post('/operator/organisation/page-domain/verify', { organisationId, host, reason: 'ticket 3' }, operator);
    expect(res.body, res.raw).toMatchObject({ host, verified: true, verifiedBy: 'operator' });
    expect((await t.get('/operator/audit', operator)).body.entries[0]).toMatchObject({ action: 'verify-page-domain', target: `${organisationId} ${host}` });
    expect(await auditActions(organisationId, owner)).toEqual(expect.arrayContaining([`page-domain.set ${host}`, `page-domain.verify ${host}`]));
    expect((await tlsAllowed(host)).status).toBe(200);
    // Another organisation's host is not the operator's to give away either.
    const other = await team();
    expectD4(
      await t.post('/operator/organisation/page-domain/verify', { organisationId: other.organisationId, host, reason: 'ticket 4' }, operator),
      409,
      'cmc/page-domain-taken',
    );
  });
});

describe('GET /.well-known/cmc/tls-allowed', () => {
  it('answers 200 for a verified page host only: 404 for a named but unproved one, an unknown one and the service itself; 400 without a domain', async () => {
    const { organisationId, owner } = await team();
    const named = await setHost(organisationId, newHost(), owner);
    expect((await tlsAllowed(named.host)).status).toBe(404);
    expect((await tlsAllowed('nobody.example.org')).status).toBe(404);
    expect((await tlsAllowed('cards.service.test')).status).toBe(404);
    expect((await t.call({ method: 'GET', url: '/.well-known/cmc/tls-allowed' })).status).toBe(400);
    const other = await team();
    const host = await verifiedHost(other.organisationId, other.owner);
    const allowed = await tlsAllowed(host.toUpperCase());
    expect(allowed.status, allowed.raw).toBe(200);
    expect(allowed.body).toEqual({ domain: host, allowed: true });
  });

  it('answers from memory and is limited per address (429 past 600 a minute)', async () => {
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++)
      statuses.push((await t.call({ method: 'GET', url: `/.well-known/cmc/tls-allowed?domain=x${i}.example.org`, remoteAddress: '10.99.0.7' })).status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(600);
    expect(statuses.at(-1)).toBe(429);
    // 601 questions well within the time a TLS handshake waits for the answer.
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
