import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTap } from '../../server/features/taps/sun.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { readZip } from '../support/zip-archive.ts';
import { BROWSER_UA, createLink, createProfile, expectD4, multipartBody, pngImage, quickOwners, storePasskey, upload } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 39, serving on an organisation's verified page host: only the public side of its
 * members' company profiles answers there (the pages, their downloads, the contact form, link
 * clicks, their images), naming that host; everything else there, another organisation's pages
 * above all, is a 404 without a cookie. The service's own host keeps answering all of it.
 */

let t: TestApp;
let dns: TestDnsServer;
let counter = 0;
beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_RESOLVER: dns.address }, { publicHost: 'cards.service.test' });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

interface Team {
  organisationId: string;
  admin: TestUser;
  member: TestUser;
  host: string;
  company: { id: string; shortLinkId: string };
  own: { id: string; shortLinkId: string };
}
/** An organisation with a verified page host, a member with a company profile (from a template) and a private one. */
async function team(): Promise<Team> {
  const [admin, member] = await quickOwners(t, 2);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin!, member!);
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
  const company = (await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', lastName: 'Berg' }, member)).body;
  const own = await createProfile(t, member!, { firstName: 'Mia' });
  const host = `cards${++counter}-${Date.now().toString(36)}.acme-corp.com`;
  const named = (await t.post('/organisation/page-domain/set', { organisationId, host }, admin)).body;
  dns.txt.set(named.txtRecordName, [named.txtRecordValue]);
  expect((await t.post('/organisation/page-domain/verify', { organisationId }, admin)).body.verified).toBe(true);
  return { organisationId, admin: admin!, member: member!, host, company, own };
}
/** A request as it reaches the server at `host` (behind the TLS proxy). */
const at = (host: string, url: string, extra: { method?: 'GET' | 'POST' | 'HEAD'; payload?: string; headers?: Record<string, string> } = {}) =>
  t.call({ method: extra.method ?? 'GET', url, payload: extra.payload, headers: { host, 'user-agent': BROWSER_UA, accept: 'text/html', ...extra.headers } });
const expectNothing = (res: { status: number; headers: Record<string, unknown>; raw: string }, what: string) => {
  expect(res.status, `${what}: ${res.raw.slice(0, 200)}`).toBe(404);
  expect(res.headers['set-cookie'], what).toBeUndefined();
};

describe('an organisation page host: what it serves', () => {
  it("serves a member's company profile page, link-in-bio page and card, naming the host in canonical and alternates", async () => {
    const { host, company } = await team();
    const page = await at(host, `/p/${company.id}`);
    expect(page.status, page.raw).toBe(200);
    expect(page.raw).toContain(`<link rel="canonical" href="https://${host}/p/${company.id}"`);
    expect(page.raw).not.toContain('cards.service.test');
    expect(page.headers['set-cookie']).toBeUndefined();
    const linkTree = await at(host, `/l/${company.shortLinkId}`);
    expect(linkTree.status).toBe(200);
    expect(linkTree.raw).toContain(`https://${host}/linkinbio/${company.shortLinkId}`);
    expect((await at(host, `/linkinbio/${company.shortLinkId}`)).status).toBe(200);
    expect((await at(host, `/p/${company.id}`, { method: 'HEAD' })).status).toBe(200);
    // The same page on the service's own host names the service's host, as before.
    expect((await t.call({ method: 'GET', url: `/p/${company.id}` })).raw).toContain(`href="${t.config.publicUrl}/p/${company.id}"`);
  });

  it("sends a card of the member's company profile to its page on the host; an unregistered card of the organisation to the service host", async () => {
    const { organisationId, admin, member, host, company } = await team();
    const [cardId, spare] = await t.mintCards('rainbow', 2);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId, spare] }, admin)).status).toBe(200);
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: member.userId }, admin)).status).toBe(200);
    const scan = await at(host, `/card/${cardId}`);
    expect(scan.status, scan.raw).toBe(302);
    expect(scan.headers.location).toBe(`/p/${company.id}?src=card&card=${cardId}`);
    const unassigned = await at(host, `/card/${spare}`);
    expect(unassigned.status, unassigned.raw).toBe(302);
    expect(unassigned.headers.location).toBe(`${t.config.publicUrl}/card/${spare}`);
  });

  it('hands out the vCard and the reminder naming the host, takes the contact form and counts link clicks there', async () => {
    const { host, company, member } = await team();
    const vcard = await at(host, `/download/generate-vcf-with-comment?profileId=${company.id}`);
    expect(vcard.status, vcard.raw).toBe(200);
    expect(vcard.raw).toContain(`URL:https://${host}/p/${company.id}`);
    const reminder = await at(host, `/download/calendar?profileId=${company.id}&remindIn=1d`);
    expect(reminder.status, reminder.raw).toBe(200);
    expect(reminder.raw.replace(/\r\n /g, '')).toContain(`https://${host}/p/${company.id}`);
    const form = await at(host, `/p/${company.id}/contact`, {
      method: 'POST',
      payload: new URLSearchParams({ email: 'visitor@example.org', consent: 'on', language: 'en' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `https://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect([303, 400], form.raw).toContain(form.status);
    expect(form.headers['set-cookie']).toBeUndefined();
    const link = await createLink(t, member, company.id, { type: 'website', link: 'https://acme.example/about' });
    const click = await at(host, `/go/${link.id}?p=${company.id}`);
    expect(click.status, click.raw).toBe(302);
    expect(click.headers.location).toBe('https://acme.example/about');
  });

  it("serves the company profile's photo and the organisation's logo, nobody else's uploads", async () => {
    const { host, company, member, own, admin, organisationId } = await team();
    const image = await pngImage(200, 200);
    const send = async (profileId: string) => {
      const res = await upload(t, member, 'profileImage', profileId, image);
      expect(res.status, res.raw).toBe(200);
      return res.body.profileImagePath as string;
    };
    expect((await at(host, await send(company.id))).status).toBe(200);
    expectNothing(await at(host, await send(own.id)), 'the private profile photo');
    const logo = await multipartBody({ organisationId }, { field: 'logo', data: image, filename: 'logo.png', contentType: 'image/png' });
    const saved = await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...admin.auth } });
    expect((await at(host, saved.body.logoPath as string)).status).toBe(200);
  });
});

describe('an organisation page host: what it does not serve', () => {
  it("answers 404 without a cookie for another organisation's pages, downloads and images, and for private profiles", async () => {
    const a = await team();
    const b = await team();
    expect((await at(b.host, `/p/${b.company.id}`)).status).toBe(200);
    expectNothing(await at(a.host, `/p/${b.company.id}`), "the other organisation's page");
    expectNothing(await at(a.host, `/l/${b.company.shortLinkId}`), "the other organisation's link-in-bio");
    expectNothing(await at(a.host, `/download/generate-vcf-with-comment?profileId=${b.company.id}`), "the other organisation's vCard");
    expectNothing(await at(a.host, `/download/calendar?profileId=${b.company.id}&remindIn=1d`), "the other organisation's reminder");
    expectNothing(await at(a.host, `/p/${b.company.id}/contact`, { method: 'POST', payload: 'email=x@example.org' }), "the other organisation's form");
    expectNothing(await at(a.host, `/p/${a.own.id}`), "the member's private profile");
    expectNothing(await at(a.host, `/l/${a.own.shortLinkId}`), "the member's private link-in-bio");
    expectNothing(await at(a.host, '/p/doesnotexist'), 'an unknown profile');
    const [foreignCard] = await t.mintCards('rainbow', 1);
    expectNothing(await at(a.host, `/card/${foreignCard}`), 'a card of nobody there');
  });

  it('answers 404 without a cookie for the owner app, the API, the docs, sign-in and anything else', async () => {
    const { host, admin } = await team();
    for (const url of [
      '/',
      '/login',
      '/team',
      '/docs',
      '/docs/json',
      '/healthz',
      '/app-config.json',
      '/find/own/profiles',
      '/locales/en/profile.json',
      '/.well-known/cmc/tls-allowed?domain=x',
      '/_dev/mail',
      '/media/cards/x.zip',
      '/public-profile/abc',
    ])
      expectNothing(await at(host, url), url);
    expectNothing(await at(host, '/find/own/profiles', { headers: admin.auth }), 'an owner call with a token');
    expectNothing(
      await at(host, '/api/auth/sign-in/email', {
        method: 'POST',
        payload: JSON.stringify({ email: admin.email, password: 'x' }),
        headers: { 'content-type': 'application/json' },
      }),
      'sign-in',
    );
    expectNothing(await at(host, '/api/auth/get-session', { headers: admin.auth }), 'the session');
  });

  it('stops serving at once when the host is removed, and leaves unknown hosts to the service as before', async () => {
    const { host, organisationId, admin, company } = await team();
    expect((await t.post('/organisation/page-domain/remove', { organisationId }, admin)).status).toBe(200);
    // No longer a page host: the request is the service's own again (its pages name the service's host).
    const page = await at(host, `/p/${company.id}`);
    expect(page.raw).not.toContain(`https://${host}`);
    expect((await at('unknown.example.org', `/p/${company.id}`)).status).toBe(200);
  });
});

describe('the addresses the members hand out', () => {
  it('GET /find/own/profile/brand answers the page origin of a company profile once the host is verified (the share panel and its QR codes), none for a private one', async () => {
    const { member, host, company, own, organisationId, admin } = await team();
    expect((await t.get(`/find/own/profile/brand?profileId=${company.id}`, member)).body.pageOrigin).toBe(`https://${host}`);
    expect((await t.get(`/find/own/profile/brand?profileId=${own.id}`, member)).body).toEqual({ brand: null, pageOrigin: null });
    await t.post('/organisation/page-domain/remove', { organisationId }, admin);
    expect((await t.get(`/find/own/profile/brand?profileId=${company.id}`, member)).body.pageOrigin).toBeNull();
  });

  it('GET /find/own/profile/signature links the page and the vCard at the host; its images stay on the service host', async () => {
    const { member, host, company } = await team();
    const res = await t.get(`/find/own/profile/signature?profileId=${company.id}`, member);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.html).toContain(`https://${host}/p/${company.id}?src=signature`);
    expect(res.body.html).toContain(`https://${host}/download/generate-vcf-with-comment?profileId=${company.id}`);
    expect(res.body.html).not.toContain(`https://${host}/signature-icons`);
  });

  it('POST /operator/batch/create with a verified host mints cards registered to its organisation, printed with the host; an unverified host is 400', async () => {
    const { host, organisationId, admin } = await team();
    const [operator] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(operator!.email, Date.now());
    await storePasskey(t, operator!, 'key');
    expect(
      expectD4(await t.post('/operator/batch/create', { edition: 'rainbow', count: 1, label: 'Acme', host: 'unproved.acme-corp.com' }, operator), 400).field,
    ).toBe('host');
    const res = await t.post('/operator/batch/create', { edition: 'rainbow', count: 2, label: 'Acme order', host }, operator);
    expect(res.status, res.raw).toBe(200);
    // The console's list names the host the batch was minted with.
    const batch = (await t.get('/operator/batches', operator)).body.batches.find((b: { batchId: string }) => b.batchId === res.body.batchId);
    expect(batch).toMatchObject({ label: 'Acme order', host });
    await t.app.features.operator.bundles.idle();
    const zip = await t.app.inject({ method: 'GET', url: `/operator/batch/bundle?batchId=${res.body.batchId}`, headers: operator!.auth });
    const csv = readZip(zip.rawPayload).get('cards.csv')!.toString();
    const ids = (await t.get(`/operator/cards?batch=${res.body.batchId}`, operator)).body.cards.map((c: { id: string }) => c.id) as string[];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(csv).toContain(`https://${host}/card/${id}?src=qr`);
    // The organisation's cards: its admins see them to assign.
    const listed = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body;
    expect(JSON.stringify(listed)).toContain(ids[0]);
    // Scanned at the host before anyone holds it: registered on the service host.
    expect((await at(host, `/card/${ids[0]}`)).headers.location).toBe(`${t.config.publicUrl}/card/${ids[0]}`);
  });

  it("POST /operator/batch/create with a verified host and chip keys encodes the chips with the host's address (issue 38), and their taps are verified there", async () => {
    const { host } = await team();
    const [operator] = await quickOwners(t, 1);
    await createOperatorRepository(t.app.db).grant(operator!.email, Date.now());
    await storePasskey(t, operator!, 'key');
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const sun = { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') };
    const res = await t.post('/operator/batch/create', { edition: 'rainbow', count: 2, label: 'Acme chips', host, sun }, operator);
    expect(res.status, res.raw).toBe(200);
    const cards = res.body.sun.cards as { cardId: string; url: string; ndefFile: string; piccDataOffset: number; macOffset: number }[];
    for (const card of cards) {
      expect(card.url).toBe(`https://${host}/card/${card.cardId}?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`);
      // The NDEF file's URI record: prefix code 04 (https://), then the host; the offsets point at the zeros.
      const file = Buffer.from(card.ndefFile, 'hex');
      expect(file.subarray(7).toString('ascii')).toBe(card.url.slice('https://'.length));
      expect(file[6]).toBe(0x04);
      expect(file.subarray(card.piccDataOffset, card.piccDataOffset + 32).toString('ascii')).toBe('0'.repeat(32));
      expect(file.subarray(card.macOffset, card.macOffset + 16).toString('ascii')).toBe('0'.repeat(16));
    }
    // A chip's tap at the host, as the phone opens it: verified, and the visitor's address drops the chip's parameters.
    const cardId = cards[0]!.cardId;
    const tap = encodeTap(keys, randomBytes(7), 3);
    const tapped = await at(host, `/card/${cardId}?picc_data=${tap.piccData}&cmac=${tap.cmac}`);
    expect(tapped.status).toBe(302);
    expect(String(tapped.headers.location)).not.toContain('picc_data');
    await t.app.features.taps.taps.settled();
    const taps = await t.get(`/operator/card/taps?cardId=${cardId}`, operator);
    expect(taps.body.taps).toMatchObject([{ result: 'verified', counter: 3 }]);
    // A host whose card address does not fit the chip's NDEF file (256 bytes) cannot be encoded.
    const long = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.acme-corp.com`;
    const refused = await t.post('/operator/batch/create', { edition: 'rainbow', count: 1, label: 'Too long', host: long, sun }, operator);
    expect(expectD4(refused, 400).field).toBe('sun');
  });
});
