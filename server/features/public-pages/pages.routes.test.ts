import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app.ts';
import {
  BOT_UA,
  BROWSER_UA,
  createFullProfile,
  createLink,
  createProfile,
  expectD4,
  pngImage,
  readOwnProfile,
  registerCard,
  upload,
} from '../../../test/support/factories.ts';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';

// Public pages through the real app, as a visitor's browser meets them (STYLE 7): status,
// headers, no cookie, the HTML; compression and the render cache across edits and languages.

let t: TestApp;
let owner: TestUser;
let full: Profile;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  full = await createFullProfile(t, owner);
  expect((await upload(t, owner, 'profileImage', full.id, await pngImage(400, 400))).status).toBe(200);
  full = await readOwnProfile(t, owner, full.id);
});
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, 'accept-language': 'de-DE,de;q=0.9', ...headers } });

const viewsOf = async (profileId: string) => {
  await t.app.features.stats.views.flush();
  return (await readOwnProfile(t, owner, profileId)).profileViews;
};

const inlineText = (html: string, tag: 'script' | 'style') => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1];
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('GET /p/{id}', () => {
  it('answers the complete page with its security and cache headers, and no cookie', async () => {
    const res = await page(`/p/${full.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const html = res.body;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(html).toContain('Dr. Jürgen Größe-Übermühl');
    expect(html).toContain('Leiter Vertrieb und Kundenbeziehungen');
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/p/${full.id}"/>`);
    expect(html).toContain('<meta property="og:title" content="Dr. Jürgen Größe-Übermühl"/>');
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}${full.profileImagePath}"/>`);
    expect(html).not.toContain('noindex');
  });

  it('allows exactly its inline style and script by hash, never unsafe-inline', async () => {
    const res = await page(`/p/${full.id}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${sha256(inlineText(res.body, 'script')!)}`);
    expect(csp).toContain(`style-src ${sha256(inlineText(res.body, 'style')!)}`);
  });

  it("serves SPEC 2's trailing-slash form too", async () => {
    expect((await page(`/p/${full.id}/`)).statusCode).toBe(200);
  });

  it('sends brotli or gzip as accepted, both the same page', async () => {
    const plain = (await page(`/p/${full.id}`)).body;
    const br = await page(`/p/${full.id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await page(`/p/${full.id}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('answers 304 to a matching If-None-Match and still counts the view (D10)', async () => {
    const first = await page(`/p/${full.id}`);
    const before = await viewsOf(full.id);
    const again = await page(`/p/${full.id}`, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(await viewsOf(full.id)).toBe(before + 1);
  });

  it('counts browsers, not bots and not HEAD requests', async () => {
    const before = await viewsOf(full.id);
    await page(`/p/${full.id}`);
    await page(`/p/${full.id}`, { 'user-agent': BOT_UA });
    expect((await t.app.inject({ method: 'HEAD', url: `/p/${full.id}`, headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
    expect(await viewsOf(full.id)).toBe(before + 1);
  });

  it('picks the language by ?lng, the i18next cookie and Accept-Language (D1)', async () => {
    const lang = async (url: string, headers: Record<string, string> = {}) => /<html lang="(\w+)">/.exec((await page(url, headers)).body)?.[1];
    expect(await lang(`/p/${full.id}?lng=en`, { cookie: 'i18next=de' })).toBe('en');
    expect(await lang(`/p/${full.id}`, { cookie: 'i18next=en', 'accept-language': 'de' })).toBe('en');
    expect(await lang(`/p/${full.id}`, { 'accept-language': 'de-DE,de;q=0.9' })).toBe('de');
    expect(await lang(`/p/${full.id}`, { 'accept-language': 'fr-FR' })).toBe('en');
    expect((await page(`/p/${full.id}?lng=en`)).body).toContain('Save contact');
    expect((await page(`/p/${full.id}?lng=de`)).body).toContain('Kontakt speichern');
  });

  it('shows an edit at once in both languages, with a new ETag (render cache keyed by the change stamp)', async () => {
    const p = await createProfile(t, owner, { jobTitle: 'Einkauf' });
    const de1 = await page(`/p/${p.id}?lng=de`);
    const en1 = await page(`/p/${p.id}?lng=en`);
    expect(de1.body).toContain('Einkauf');
    expect(de1.headers.etag).not.toBe(en1.headers.etag);
    expect((await t.post('/profile/update', { ...p, jobTitle: 'Geschäftsführung' }, owner)).status).toBe(200);
    const de2 = await page(`/p/${p.id}?lng=de`);
    expect(de2.body).toContain('Geschäftsführung');
    expect(de2.headers.etag).not.toBe(de1.headers.etag);
    expect((await page(`/p/${p.id}?lng=en`)).body).toContain('Geschäftsführung');
    // A new link changes the page as well.
    await createLink(t, owner, p.id, { type: 'website', name: 'Neuer Link', link: 'https://example.com/neu' });
    expect((await page(`/p/${p.id}`)).body).toContain('Neuer Link');
  });

  it('says profile not found (404) for unknown, malformed, inactive and deleted profiles', async () => {
    const p = await createProfile(t, owner);
    for (const url of ['/p/doesNotExist', '/p/bad%20id!']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Profil nicht gefunden');
      expect(res.body).toContain('noindex');
    }
    await t.post('/profile/deactivate', { profileId: p.id }, owner);
    expect((await page(`/p/${p.id}?lng=en`)).body).toContain('Profile not found');
    await t.post('/profile/activate', { profileId: p.id }, owner);
    expect((await page(`/p/${p.id}`)).statusCode).toBe(200);
    await t.post('/profile/delete', { profileId: p.id }, owner);
    expect((await page(`/p/${p.id}`)).statusCode).toBe(404);
  });

  it('never renders a javascript: link as a link (D12)', async () => {
    const p = await createProfile(t, owner);
    await createLink(t, owner, p.id, { type: 'website', name: 'Böse', link: 'javascript:alert(1)' });
    // Issue 35: a network's link must become an address, so this is refused now; one stored before still renders as no link.
    expect((await t.post('/social-media-link/create', { profileId: p.id, type: 'instagram', link: 'JavaScript:alert(2)' }, owner)).status).toBe(400);
    const stored = await createLink(t, owner, p.id, { type: 'instagram', name: 'Auch böse', link: '@auch' });
    await t.app.db.updateTable('link').set({ link: 'JavaScript:alert(2)' }).where('id', '=', stored.id).execute();
    const html = (await page(`/p/${p.id}`)).body;
    expect(html).toContain('Böse');
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html.toLowerCase()).not.toContain('javascript:alert');
  });
});

describe('views answered from memory (issue 34: the hot path)', () => {
  const visit = { userAgent: BROWSER_UA, head: false, crossSite: false, source: 'link', cardId: '' } as const;
  const pages = () => t.app.features.publicPages.pages;
  const etagOf = (answer: ReturnType<ReturnType<typeof pages>['rememberedProfile']>) => (answer && 'page' in answer ? answer.page.etag : undefined);

  it('answers a repeat view of /p from memory and counts it; reads again after an edit, for a card to check and once the profile is not public', async () => {
    const p = await createProfile(t, owner, { jobTitle: 'Speicher' });
    const first = await page(`/p/${p.id}`);
    expect(first.statusCode).toBe(200);
    const before = await viewsOf(p.id);
    expect(etagOf(pages().rememberedProfile(p.id, 'de', visit))).toBe(first.headers.etag);
    expect(await viewsOf(p.id)).toBe(before + 1);
    // A language or source not rendered yet, and a view a card brought (the card must be this profile's): read.
    expect(pages().rememberedProfile(p.id, 'en', visit)).toBeUndefined();
    expect(pages().rememberedProfile(p.id, 'de', { ...visit, source: 'nfc', cardId: 'SomeCard' })).toBeUndefined();
    expect(await viewsOf(p.id)).toBe(before + 1);
    // An edit forgets the stamp: the next view reads and renders, and the one after is from memory again.
    expect((await t.post('/profile/update', { id: p.id, jobTitle: 'Neu' }, owner)).status).toBe(200);
    expect(pages().rememberedProfile(p.id, 'de', visit)).toBeUndefined();
    const edited = await page(`/p/${p.id}`);
    expect(edited.body).toContain('Neu');
    expect(etagOf(pages().rememberedProfile(p.id, 'de', visit))).toBe(edited.headers.etag);
    await t.post('/profile/deactivate', { profileId: p.id }, owner);
    expect(pages().rememberedProfile(p.id, 'de', visit)).toBeUndefined();
    expect((await page(`/p/${p.id}`)).statusCode).toBe(404);
  });

  it('answers a repeat view of /l from memory, and reads again after its profile changed', async () => {
    const p = await createProfile(t, owner, { firstName: 'Baum' });
    // The first view renders from the profile found by its short link; the second reads its stamp.
    await page(`/l/${p.shortLinkId}`);
    expect(pages().rememberedLinkTree(p.shortLinkId, 'de', visit)).toBeUndefined();
    const second = await page(`/l/${p.shortLinkId}`);
    expect(etagOf(pages().rememberedLinkTree(p.shortLinkId, 'de', visit))).toBe(second.headers.etag);
    expect((await t.post('/profile/update', { id: p.id, firstName: 'Zweig' }, owner)).status).toBe(200);
    expect(pages().rememberedLinkTree(p.shortLinkId, 'de', visit)).toBeUndefined();
    expect((await page(`/l/${p.shortLinkId}`)).body).toContain('Zweig');
  });
});

describe('link-in-bio: GET /l/{id} and GET /linkinbio/{id}', () => {
  it('shows avatar, name, social and web links on both paths', async () => {
    for (const path of ['/l', '/linkinbio']) {
      const res = await page(`${path}/${full.shortLinkId}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('Dr. Jürgen Größe-Übermühl');
      expect(res.body).toContain('Katalog 2026 (PDF)');
      expect(res.body).toContain('aria-label="LinkedIn"');
      expect(res.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/linkinbio/${full.shortLinkId}"/>`);
    }
  });

  it('follows a change of the short link id at once', async () => {
    const p = await createProfile(t, owner, { firstName: 'Kurz' });
    expect((await page(`/l/${p.shortLinkId}`)).statusCode).toBe(200);
    expect((await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: `neu${p.id.slice(0, 6)}` }, owner)).status).toBe(200);
    const old = await page(`/l/${p.shortLinkId}`);
    expect(old.statusCode).toBe(404);
    expect(old.body).toContain('Profil nicht gefunden');
    expect((await page(`/l/neu${p.id.slice(0, 6)}`)).body).toContain('Kurz');
  });

  it('does not count link-in-bio visits as profile views', async () => {
    const before = await viewsOf(full.id);
    await page(`/l/${full.shortLinkId}`);
    expect(await viewsOf(full.id)).toBe(before);
  });
});

describe('card pages: GET /card/{id} and GET /public-profile/{id}', () => {
  it('redirects a registered card to its profile and counts the scan', async () => {
    const card = await registerCard(t, owner);
    for (const path of ['/card', '/public-profile']) {
      const res = await page(`${path}/${card.cardId}`);
      expect(res.statusCode, path).toBe(302);
      // The source and the card travel along (issue 12): a card printed without ?src= is `card`.
      expect(res.headers.location).toBe(`/p/${card.cardProfileId}?src=card&card=${card.cardId}`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await page(`/card/${card.cardId}?lng=en&src=nfc`)).headers.location).toBe(`/p/${card.cardProfileId}?src=nfc&card=${card.cardId}&lng=en`);
    await t.app.features.stats.views.flush();
    const cards = await t.get('/find/own/cards', owner);
    expect(cards.body.find((c: { cardId: string }) => c.cardId === card.cardId).cardViews).toBe(3);
  });

  it('invites registration for a minted card without owner, not indexed', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await page(`/card/${cardId}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Make this card yours');
    expect(res.body).toContain(`data-card="${cardId}"`);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(String(res.headers['content-security-policy'])).toContain(sha256(inlineText(res.body, 'script')!));
  });

  it('says the card does not exist for an id never minted (404)', async () => {
    const res = await page('/card/neverMinted123');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Karte nicht gefunden');
  });
});

describe('POST /p/{id}/contact (the contact form without JavaScript)', () => {
  const post = (profileId: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/p/${profileId}/contact`,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it("sends and redirects back to the success dialog in the visitor's language", async () => {
    const res = await post(full.id, { senderEmail: 'besucher@example.org', language: 'en' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${full.id}?lng=en#contact-sent`);
    const mails = (await t.app.mailer.outbox()) as Array<{ to: string }>;
    expect(mails.some((m) => JSON.stringify(m).includes('besucher@example.org'))).toBe(true);
  });

  it('returns to the page with the source of the visit, so the page stays attributed to the card or pass', async () => {
    const res = await post(full.id, { senderEmail: 'karte@example.org', language: 'de', source: 'nfc' });
    expect(res.headers.location).toBe(`/p/${full.id}?lng=de&src=nfc#contact-sent`);
  });

  it("refuses an address outside SPEC 5's pattern and sends nothing", async () => {
    const before = ((await t.app.mailer.outbox()) as unknown[]).length;
    const res = await post(full.id, {
      senderEmail: 'a@b',
      language: 'de',
      name: 'Zoë <b>',
      phone: '+49 170 1',
      company: 'ACME',
      message: 'Hallo & tschüss',
      source: 'qr',
    });
    // Issue 23: without JavaScript the page comes back as typed, the dialog open and the e-mail marked.
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'sha256-");
    const body = res.body;
    expect(body).toMatch(/<dialog id="contact" aria-labelledby="contact-h" open="">/);
    expect(body).toContain('<form id="contact-form" class="p-bad"');
    expect(body).toMatch(/name="senderEmail"[^>]*value="a@b"/);
    expect(body).toMatch(/name="name"[^>]*value="Zoë &lt;b&gt;"/);
    expect(body).toMatch(/name="phone"[^>]*value="\+49 170 1"/);
    expect(body).toMatch(/name="company"[^>]*value="ACME"/);
    expect(body).toContain('>Hallo &amp; tschüss</textarea>');
    expect(body).toContain('<input type="hidden" name="source" value="qr"/>');
    expect(body).toContain(`href="/p/${full.id}?lng=en&amp;src=qr"`);
    expect(((await t.app.mailer.outbox()) as unknown[]).length).toBe(before);
  });

  it('answers the enhancement script with 204 or a D4 error', async () => {
    expect((await post(full.id, { senderEmail: 'zwei@example.org', language: 'de' }, { accept: 'application/json' })).statusCode).toBe(204);
    const bad = await post(full.id, { senderEmail: 'a@b', language: 'de' }, { accept: 'application/json' });
    expectD4({ status: bad.statusCode, body: bad.json(), raw: bad.body }, 400, 'cmc/invalid-input');
  });

  it('redirects to the failure dialog for an unknown profile and refuses cross-site posts', async () => {
    expect((await post('nobody', { senderEmail: 'x@example.org' })).headers.location).toMatch(/#contact-failed$/);
    const cross = await post(full.id, { senderEmail: 'drei@example.org' }, { 'sec-fetch-site': 'cross-site' });
    expect(cross.headers.location).toMatch(/#contact-failed$/);
  });
});
