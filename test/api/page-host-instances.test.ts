import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { BROWSER_UA, quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 39, "hosts are cached with invalidation across instances": two instances on one database
 * (and one Redis when REDIS_URL is set, as CI's PostgreSQL run): a host verified through one is
 * served by the other at once (the `page-hosts` push; within the cache time of a second without
 * Redis), and a host removed through one stops answering on the other as quickly.
 */

let t: TestApp;
let peer: Awaited<ReturnType<TestApp['secondInstance']>>;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_RESOLVER: dns.address }, { publicHost: 'cards.service.test' });
  peer = await t.secondInstance();
  if (t.app.redis) {
    expect(await t.app.redis.ready(5000)).toBe(true);
    expect(await peer.app.redis!.ready(5000)).toBe(true);
  }
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
  await dns?.close();
});

/** With Redis the push arrives in milliseconds (the other instance reads its socket); without, the directory is read again after a second. */
const deadline = () => (t.app.redis ? 300 : 1_500);

/** Until `check` holds (on the instance that did not make the change); fails past the deadline. Answers how long it took. */
async function soon(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > deadline()) throw new Error(`not on the other instance within ${deadline()} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

const peerAt = (host: string, url: string) => peer.app.inject({ method: 'GET', url, headers: { host, 'user-agent': BROWSER_UA, accept: 'text/html' } });

describe('a page host on two instances', () => {
  it('is served by the other instance as soon as one verifies it, and stops there as soon as one removes it', async () => {
    const [admin, member] = await quickOwners(t, 2);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin!, member!);
    const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
    const company = (await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', lastName: 'Berg' }, member)).body as { id: string };
    const host = `cards-${Date.now().toString(36)}.acme-corp.com`;
    const named = (await t.post('/organisation/page-domain/set', { organisationId, host }, admin)).body;
    dns.txt.set(named.txtRecordName, [named.txtRecordValue]);

    // The other instance has read the hosts (none of this one's): the host is nobody's there.
    expect((await peer.get(`/.well-known/cmc/tls-allowed?domain=${host}`)).status).toBe(404);
    expect((await peerAt(host, `/p/${company.id}`)).body).not.toContain(`https://${host}/p/${company.id}`);

    expect((await t.post('/organisation/page-domain/verify', { organisationId }, admin)).body.verified).toBe(true);
    await soon(async () => (await peer.get(`/.well-known/cmc/tls-allowed?domain=${host}`)).status === 200);
    const page = await peerAt(host, `/p/${company.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`https://${host}/p/${company.id}`);
    // At the host the other instance serves only the organisation's pages: the owner app is a 404 there.
    expect((await peerAt(host, '/')).statusCode).toBe(404);

    expect((await peer.post('/organisation/page-domain/remove', { organisationId }, admin)).status).toBe(200);
    // Removed through the other instance: this one stops at once too.
    await soon(async () => (await t.get(`/.well-known/cmc/tls-allowed?domain=${host}`)).status === 404);
    const after = await t.call({ method: 'GET', url: `/p/${company.id}`, headers: { host, 'user-agent': BROWSER_UA, accept: 'text/html' } });
    expect(after.raw).not.toContain(`https://${host}/p/${company.id}`);
  });
});
