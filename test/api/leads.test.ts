import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '../../server/auth/auth-secret.ts';
import { loadConfig } from '../../server/config.ts';
import { newLeadId } from '../../server/lib/ids.ts';
import { CONTACT_CONSENT_VERSION, LEADS_PAGE_SIZE, type Lead } from '../../shared/schemas/lead.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';

/**
 * Issue 12, leads: the visitor's optional details and consent stored with the lead, the owner's
 * list (pages, search, filters), status, deletion and exports, ownership, the retention job and
 * the visitor's own deletion link.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await quickOwners(t, 2);
});
afterAll(async () => t.close());

let sequence = 0;
const visitor = () => `visitor${++sequence}-${Date.now()}@example.net`;
/** Each send from its own client address, so the per-address limit never joins in. */
const client = () => `203.0.${Math.floor(++sequence / 250) % 250}.${sequence % 250}`;

/** POST /send/contact from a fresh client address; fails the test on anything but 200. */
async function send(profileId: string, extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/send/contact',
    payload: { profileId, senderEmail: visitor(), language: 'de', ...extra },
    remoteAddress: client(),
  });
  expect(res.status, res.raw).toBe(200);
  return res;
}

/** The page's contact form sent without JavaScript (POST /p/{id}/contact, form-encoded) from a fresh client address; the raw answer. */
const postForm = (profileId: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/p/${profileId}/contact`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: client(),
  });

async function listAll(user: TestUser, query = ''): Promise<{ leads: Lead[]; nextCursor: string | null; newCount: number }> {
  const res = await t.get(`/find/own/leads${query}`, user);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

const leadRows = (profileId: string) => t.app.db.selectFrom('lead').selectAll().where('profileId', '=', profileId).execute();

/** Inserts a lead row as the service would, with a chosen time (the API always stores "now"). */
async function insertLead(profileId: string, created: number, overrides: Record<string, unknown> = {}) {
  const id = newLeadId();
  await t.app.db
    .insertInto('lead')
    .values({
      id,
      profileId,
      email: `old${++sequence}@example.net`,
      language: 'en',
      created,
      name: '',
      phone: '',
      company: '',
      message: '',
      consentText: 'x',
      consentVersion: CONTACT_CONSENT_VERSION,
      consentAt: created,
      source: 'link',
      cardId: '',
      status: 'new',
      searchText: '',
      ...overrides,
    })
    .execute();
  return id;
}

/** RFC 4180 reader: quoted cells, doubled quotes, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('the contact form’s new optional fields', () => {
  it('stores name, phone, company, message, source and the consent the visitor saw, in the page’s language', async () => {
    const p = await createProfile(t, owner, { firstName: 'Jürgen', lastName: 'Größe' });
    const before = Date.now();
    await send(p.id, {
      language: 'de',
      name: 'Änne Müller',
      phone: '+49 30 1234567',
      company: 'Übermühl GmbH',
      message: 'Hallo,\nbitte melden Sie sich.',
      source: 'nfc',
    });
    const [row] = await leadRows(p.id);
    expect(row).toMatchObject({
      name: 'Änne Müller',
      phone: '+49 30 1234567',
      company: 'Übermühl GmbH',
      message: 'Hallo,\nbitte melden Sie sich.',
      source: 'nfc',
      language: 'de',
      status: 'new',
      consentVersion: CONTACT_CONSENT_VERSION,
    });
    expect(row.consentText).toBe(
      'Jürgen Größe erhält Ihre Angaben und kann Sie kontaktieren. Über den Link in der E-Mail, die Sie bekommen, können Sie Ihre Angaben jederzeit löschen.',
    );
    expect(Number(row.consentAt)).toBeGreaterThanOrEqual(before);
    // The owner's mail carries the details too.
    const toOwner = (await t.app.mailer.outbox()).find((m) => m.to === owner.email && m.text.includes(row.email))!;
    expect(toOwner.text).toContain('Übermühl GmbH');
    expect(toOwner.text).toContain('+49 30 1234567');
  });

  it('stores the English consent line for an English page, and source link when the page sent none', async () => {
    const p = await createProfile(t, owner, { firstName: 'Anna', lastName: 'Schmidt' });
    await send(p.id, { language: 'en' });
    const [row] = await leadRows(p.id);
    expect(row.consentText).toMatch(/^Anna Schmidt receives your details and may contact you\./);
    expect(row).toMatchObject({ source: 'link', name: '', phone: '', company: '', message: '' });
  });

  it('keeps the SPEC body working: profileId and senderEmail alone', async () => {
    const p = await createProfile(t, owner);
    const res = await t.call({ method: 'POST', url: '/send/contact', payload: { profileId: p.id, senderEmail: visitor() }, remoteAddress: client() });
    expect(res.status, res.raw).toBe(200);
    expect(await leadRows(p.id)).toHaveLength(1);
  });

  it.each([
    ['message', { message: 'x'.repeat(501) }],
    ['source', { source: 'billboard' }],
    ['name', { name: 'x'.repeat(101) }],
    ['phone', { phone: '+49\r\nBcc: a@example.org' }],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (field, extra) => {
    const p = await createProfile(t, owner);
    const res = await t.call({ method: 'POST', url: '/send/contact', payload: { profileId: p.id, senderEmail: visitor(), ...extra }, remoteAddress: client() });
    expect(expectD4(res, 400, 'cmc/invalid-input').field).toBe(field);
    expect(await leadRows(p.id)).toHaveLength(0);
  });

  it('accepts a message of exactly 500 characters', async () => {
    const p = await createProfile(t, owner);
    await send(p.id, { message: 'ä'.repeat(500) });
    expect((await leadRows(p.id))[0].message).toHaveLength(500);
  });

  it('stores the form fields of the page without JavaScript, blank ones as blank and the hidden source', async () => {
    const p = await createProfile(t, owner);
    const email = visitor();
    const res = await postForm(p.id, { senderEmail: email, language: 'en', name: 'Zoë Ærø', phone: '', company: 'ACME', message: 'Hi', source: 'qr' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${p.id}?lng=en&src=qr#contact-sent`);
    expect((await leadRows(p.id))[0]).toMatchObject({ email, name: 'Zoë Ærø', phone: '', company: 'ACME', message: 'Hi', source: 'qr', language: 'en' });
  });

  it('sends a too long message without JavaScript back to the form, storing nothing', async () => {
    const p = await createProfile(t, owner);
    const res = await postForm(p.id, { senderEmail: visitor(), language: 'de', message: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    // The message was refused, not the address: the address is not marked.
    expect(res.body).not.toContain('class="p-bad"');
    expect(res.body).toMatch(/name="senderEmail"[^>]*value="visitor/);
    expect(await leadRows(p.id)).toHaveLength(0);
  });
});

describe('GET /find/own/leads, GET /find/own/leads/new-count and POST /lead/update', () => {
  it('lists every lead of the owner’s profiles newest first, with the profile’s name and the new count', async () => {
    const [me] = await quickOwners(t, 1);
    const a = await createProfile(t, me, { profileName: 'Messe' });
    const b = await createProfile(t, me, { profileName: 'Büro' });
    await send(a.id, { name: 'First' });
    await send(b.id, { name: 'Second' });
    await send(a.id, { name: 'Third' });
    const list = await listAll(me);
    expect(list.leads.map((l) => l.name)).toEqual(['Third', 'Second', 'First']);
    expect(list.leads.map((l) => l.profileName)).toEqual(['Messe', 'Büro', 'Messe']);
    expect(list).toMatchObject({ nextCursor: null, newCount: 3 });
    expect(Object.keys(list.leads[0]).sort()).toEqual(
      [
        'cardId',
        'company',
        'consentAt',
        'consentText',
        'consentVersion',
        'created',
        'createdIso',
        'email',
        'id',
        'language',
        'message',
        'name',
        'phone',
        'profileId',
        'profileName',
        'source',
        'status',
        // Issue 38: left within 30 minutes after a verified tap of its card.
        'metInPerson',
        // Issue 36: how it came in (a visitor's: `form`) and a capture's fields, empty for a visitor's lead.
        'method',
        'note',
        'tags',
        'eventId',
        'eventName',
        'capturedAt',
        'firstName',
        'lastName',
        'jobTitle',
        'mobile',
        'website',
        'street',
        'zip',
        'city',
        'country',
      ].sort(),
    );
    expect(list.leads[0]).toMatchObject({ method: 'form', note: '', tags: [], eventId: '', eventName: '', capturedAt: null, jobTitle: '' });
    // One profile only.
    expect((await listAll(me, `?profileId=${b.id}`)).leads.map((l) => l.name)).toEqual(['Second']);
    expect((await t.get('/find/own/leads/new-count', me)).body).toEqual({ newCount: 3 });
  });

  it('pages more than 50 leads in pages of 50 without duplicates or gaps, stable while new leads arrive', async () => {
    const [me] = await quickOwners(t, 1);
    const a = await createProfile(t, me);
    const b = await createProfile(t, me);
    // Same-millisecond leads too: the id breaks ties.
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await insertLead(i % 2 ? a.id : b.id, base + Math.floor(i / 3)));
    const first = await listAll(me);
    expect(first.leads).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    // New leads arrive between the pages: they are newer than the cursor and do not shift page two.
    await send(a.id);
    await send(b.id);
    const second = await listAll(me, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.leads, ...second.leads].map((l) => l.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual([...ids].sort());
    const times = [...first.leads, ...second.leads].map((l) => l.created);
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('finds leads by any word in e-mail, name, phone, company or message, case-insensitive and umlauts included', async () => {
    const [me] = await quickOwners(t, 1);
    const p = await createProfile(t, me);
    await send(p.id, { name: 'Jörg Übel', company: 'Kaffee & Co' });
    await send(p.id, { message: 'Treffen auf der MESSE in Köln' });
    await send(p.id, { phone: '+49 171 55555' });
    await send(p.id, { name: '100%_sure' });
    const q = async (text: string) => (await listAll(me, `?q=${encodeURIComponent(text)}`)).leads.length;
    expect(await q('jörg')).toBe(1);
    expect(await q('ÜBEL kaffee')).toBe(1);
    expect(await q('messe köln')).toBe(1);
    expect(await q('55555')).toBe(1);
    expect(await q('example.net')).toBe(4);
    expect(await q('%')).toBe(1);
    expect(await q('_')).toBe(1);
    expect(await q('nobody')).toBe(0);
  });

  it('filters by status, and counts only new leads in newCount', async () => {
    const [me] = await quickOwners(t, 1);
    const p = await createProfile(t, me);
    await send(p.id, { name: 'A' });
    await send(p.id, { name: 'B' });
    const [b] = (await listAll(me)).leads;
    const updated = await t.post('/lead/update', { leadId: b.id, status: 'followedUp' }, me);
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body).toMatchObject({ id: b.id, status: 'followedUp', name: 'B' });
    expect((await listAll(me, '?status=followedUp')).leads.map((l) => l.name)).toEqual(['B']);
    expect((await listAll(me, '?status=new')).leads.map((l) => l.name)).toEqual(['A']);
    expect((await listAll(me)).newCount).toBe(1);
    // And back.
    expect((await t.post('/lead/update', { leadId: b.id, status: 'new' }, me)).body.status).toBe('new');
    expect((await listAll(me)).newCount).toBe(2);
  });

  it.each([
    ['status', '?status=done'],
    ['cursor', '?cursor=abc'],
    ['cursor', "?cursor=1.a'--"],
    ['q', `?q=${'x'.repeat(101)}`],
    ['profileId', '?profileId=a%20b'],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    expect(expectD4(await t.get(`/find/own/leads${query}`, owner), 400).field).toBe(field);
  });

  it('needs a signed-in owner', async () => {
    expectD4(await t.get('/find/own/leads'), 401);
    expectD4(await t.get('/download/leads.csv'), 401);
  });
});

describe('ownership', () => {
  it('answers 404 for another owner’s lead or profile and changes nothing', async () => {
    const p = await createProfile(t, owner);
    await send(p.id, { name: 'Mine' });
    const [lead] = (await listAll(owner, `?profileId=${p.id}`)).leads;
    expectD4(await t.post('/lead/update', { leadId: lead.id, status: 'followedUp' }, stranger), 404, 'cmc/lead-not-found');
    expectD4(await t.post('/lead/delete', { leadId: lead.id }, stranger), 404, 'cmc/lead-not-found');
    expectD4(await t.get(`/find/own/leads?profileId=${p.id}`, stranger), 404, 'cmc/profile-not-found');
    expectD4(await t.get(`/download/leads.csv?profileId=${p.id}`, stranger), 404);
    expectD4(await t.get(`/download/leads.vcf?profileId=${p.id}`, stranger), 404);
    expect((await listAll(stranger)).leads).toEqual([]);
    expect((await t.get('/download/leads.csv', stranger)).raw).not.toContain(lead.email);
    const [row] = await leadRows(p.id);
    expect(row).toMatchObject({ id: lead.id, status: 'new' });
  });

  it('answers 400 naming the field for a bad status, and 404 for an unknown lead', async () => {
    const p = await createProfile(t, owner);
    await send(p.id);
    const [lead] = (await listAll(owner, `?profileId=${p.id}`)).leads;
    expect(expectD4(await t.post('/lead/update', { leadId: lead.id, status: 'done' }, owner), 400).field).toBe('status');
    expectD4(await t.post('/lead/update', { leadId: 'noSuchLead123', status: 'new' }, owner), 404);
  });
});

describe('POST /lead/delete', () => {
  it('deletes the owner’s lead and only that one', async () => {
    const [me] = await quickOwners(t, 1);
    const p = await createProfile(t, me);
    await send(p.id, { name: 'Keep' });
    await send(p.id, { name: 'Drop' });
    const drop = (await listAll(me)).leads.find((l) => l.name === 'Drop')!;
    const res = await t.post('/lead/delete', { leadId: drop.id }, me);
    expect(res.status, res.raw).toBe(200);
    expect((await leadRows(p.id)).map((r) => r.name)).toEqual(['Keep']);
    expectD4(await t.post('/lead/delete', { leadId: drop.id }, me), 404);
  });
});

describe('exports: GET /download/leads.csv and GET /download/leads.vcf', () => {
  it('downloads CSV in UTF-8 with BOM, one row per lead with consent columns, formulas neutralised', async () => {
    const [me] = await quickOwners(t, 1);
    const p = await createProfile(t, me, { profileName: 'Stand Köln' });
    const other = await createProfile(t, me, { profileName: 'Other' });
    await send(p.id, { name: '=HYPERLINK("http://evil.example","click")', company: 'Größe & Söhne, "GmbH"', message: 'Zeile 1\nZeile 2' });
    await send(p.id, { name: '+49 is a phone', phone: '-1', company: '@SUM(A1)' });
    await send(p.id, { name: 'Telefon', phone: '+49 170 1234567', company: '+491701234567' });
    await send(other.id, { name: 'Elsewhere' });
    const res = await t.call({ method: 'GET', url: `/download/leads.csv?profileId=${p.id}&lng=en`, headers: me.auth });
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.raw.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(res.raw.slice(1));
    const [header, ...data] = rows;
    // Times in the owner's zone (issue 23), named in the header: UTC for an account that sent none.
    expect(header).toEqual([
      'Received (UTC)',
      'Profile',
      'E-mail',
      'Name',
      'Phone',
      'Company',
      'Message',
      'Status',
      'Source',
      'Language',
      'Consent text',
      'Consent version',
      'Consent given at (UTC)',
      // Issue 36's capture columns, empty for a visitor's lead (test/api/capture-flow.test.ts fills them).
      'Method',
      'Event',
      'Captured at (UTC)',
      'Note',
      'Tags',
      'Job title',
      'Mobile',
      'Website',
      'Street',
      'Postcode',
      'City',
      'Country',
      // Issue 38 (test/api/taps-met-in-person.test.ts marks one).
      'Met in person',
    ]);
    expect(data).toHaveLength(3);
    const keys = [
      'created',
      'profile',
      'email',
      'name',
      'phone',
      'company',
      'message',
      'status',
      'source',
      'language',
      'consent_text',
      'consent_version',
      'consent_at',
    ];
    const byName = (prefix: string) => Object.fromEntries(keys.map((h, i) => [h, data.find((r) => r[3].startsWith(prefix))![i]]));
    const first = byName(`'=HYPERLINK`);
    expect(first).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","click")`,
      company: 'Größe & Söhne, "GmbH"',
      message: 'Zeile 1\nZeile 2',
      profile: 'Stand Köln',
      status: 'new',
      source: 'link',
      language: 'de',
      consent_version: CONTACT_CONSENT_VERSION,
    });
    expect(data.every((row) => row[13] === 'form' && row.slice(14).every((cell) => cell === ''))).toBe(true);
    expect(first.consent_text).toMatch(/erhält Ihre Angaben/);
    expect(first.consent_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byName(`'+49`)).toMatchObject({ name: `'+49 is a phone`, phone: `'-1`, company: `'@SUM(A1)` });
    // Issue 35: phone numbers exactly as typed, nothing invisible in front (it travelled into imports), no apostrophe.
    expect(byName('Telefon')).toMatchObject({ phone: '+49 170 1234567', company: '+491701234567' });
    // Without profileId: every profile of the owner.
    expect(parseCsv((await t.get('/download/leads.csv', me)).raw.slice(1))).toHaveLength(5);
  });

  it("names the CSV's columns in the request's language (D1: ?lng, cookie, Accept-Language)", async () => {
    const [me] = await quickOwners(t, 1);
    const header = async (headers: Record<string, string>, query = '') =>
      parseCsv((await t.call({ method: 'GET', url: `/download/leads.csv${query}`, headers: { ...me.auth, ...headers } })).raw.slice(1))[0];
    expect((await header({}, '?lng=de')).slice(0, 5)).toEqual(['Eingegangen (UTC)', 'Profil', 'E-Mail', 'Name', 'Telefon']);
    expect((await header({ 'accept-language': 'de-DE,de;q=0.9' }))[12]).toBe('Einwilligung am (UTC)');
    expect((await header({ 'accept-language': 'de' }, '?lng=en'))[0]).toBe('Received (UTC)');
    expect((await header({ 'accept-language': 'fr' }))[0]).toBe('Received (UTC)');
  });

  it('downloads one .vcf with every lead as a vCard', async () => {
    const [me] = await quickOwners(t, 1);
    const p = await createProfile(t, me, { profileName: 'Messe' });
    await send(p.id, { name: 'Änne Müller', phone: '+49 30 123', company: 'Übermühl; GmbH', message: 'Bis bald' });
    await send(p.id);
    await send(p.id, { company: 'Nur Firma' });
    const res = await t.call({ method: 'GET', url: '/download/leads.vcf', headers: me.auth });
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    const unfolded = res.raw.replace(/\r\n[ \t]/g, '');
    const cards = unfolded.split('BEGIN:VCARD\r\n').slice(1);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card).toMatch(/^VERSION:3\.0\r\n/);
      expect(card.trimEnd().endsWith('END:VCARD')).toBe(true);
      expect(card).toMatch(/\r\nEMAIL;TYPE=INTERNET,HOME:visitor\d+-\d+@example\.net\r\n/);
    }
    const anne = cards.find((c) => c.includes('Müller'))!;
    expect(anne).toContain('N;CHARSET=utf-8:Müller;Änne;;;\r\n');
    expect(anne).toContain('FN;CHARSET=utf-8:Änne Müller\r\n');
    expect(anne).toContain('ORG;CHARSET=utf-8:Übermühl\\; GmbH\r\n');
    expect(anne).toContain('TEL;TYPE=CELL:+49 30 123\r\n');
    expect(anne).toMatch(/NOTE;CHARSET=utf-8:Bis bald\\n\\nMesse · \d{4}-\d{2}-\d{2}/);
    expect(cards.find((c) => c.includes('Nur Firma'))).toContain('FN;CHARSET=utf-8:Nur Firma\r\n');
    // A lead with only an e-mail is listed under that address.
    expect(cards.some((c) => /FN;CHARSET=utf-8:visitor\d+-\d+@example\.net/.test(c))).toBe(true);
    // Issue 22: a UID per lead, the same in the next export, so a second import updates instead of duplicating.
    const uids = cards.map((c) => /\r\nUID:(urn:uuid:[0-9a-f-]{36})\r\n/.exec(`\r\n${c}`)?.[1]);
    expect(new Set(uids).size).toBe(3);
    expect(uids).not.toContain(undefined);
    const again = (await t.call({ method: 'GET', url: '/download/leads.vcf', headers: me.auth })).raw.replace(/\r\n[ \t]/g, '');
    for (const uid of uids) expect(again).toContain(`UID:${uid}\r\n`);
  });
});

describe('retention', () => {
  it('reads LEADS_RETENTION_DAYS, 365 by default, and refuses nonsense', () => {
    expect(loadConfig({}).leadsRetentionDays).toBe(365);
    expect(loadConfig({ LEADS_RETENTION_DAYS: '30' }).leadsRetentionDays).toBe(30);
    expect(() => loadConfig({ LEADS_RETENTION_DAYS: '0' })).toThrow(/LEADS_RETENTION_DAYS/);
    expect(() => loadConfig({ LEADS_RETENTION_DAYS: 'a year' })).toThrow(/LEADS_RETENTION_DAYS/);
  });

  it('the job deletes leads older than the retention period and nothing else, also when instances run it at once', async () => {
    const p = await createProfile(t, owner);
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const old = await insertLead(p.id, now - 366 * day);
    const older = await insertLead(p.id, now - 2000 * day);
    const young = await insertLead(p.id, now - 364 * day);
    const fresh = await insertLead(p.id, now);
    const second = await t.secondInstance();
    try {
      await Promise.all([t.app.features.leads.leadRetention.runOnce(now), second.app.features.leads.leadRetention.runOnce(now)]);
    } finally {
      await second.close();
    }
    const left = (await leadRows(p.id)).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).not.toContain(older);
    expect(left).toEqual(expect.arrayContaining([young, fresh]));
  });
});

describe('the visitor’s deletion link: GET /delete/lead and POST /delete/lead', () => {
  async function leadWithLink(language: 'de' | 'en' = 'en') {
    const p = await createProfile(t, owner);
    const res = await send(p.id, { language });
    expect(res.status).toBe(200);
    const [row] = await leadRows(p.id);
    const mail = (await t.app.mailer.outbox()).find((m) => m.to === row.email)!;
    const link = mail.links.find((l) => l.includes('/delete/lead?'))!;
    expect(link, mail.text).toBeDefined();
    const url = new URL(link);
    return { profileId: p.id, leadId: row.id, token: url.searchParams.get('token')!, path: `${url.pathname}${url.search}` };
  }
  const postDelete = (token: string, lng = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/delete/lead',
      payload: new URLSearchParams({ token, lng }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('opens a confirmation page (no deletion on GET, as mail scanners open links), and the POST deletes exactly that lead', async () => {
    const mine = await leadWithLink('de');
    const neighbour = await leadWithLink();
    const page = await t.app.inject({ method: 'GET', url: mine.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain('Ihre Kontaktdaten löschen');
    expect(page.body).toContain('action="/delete/lead" method="post"');
    expect(await leadRows(mine.profileId)).toHaveLength(1);

    const done = await postDelete(mine.token, 'de');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ihre Kontaktdaten sind gelöscht.');
    expect(await leadRows(mine.profileId)).toHaveLength(0);
    expect(await leadRows(neighbour.profileId)).toHaveLength(1);
    // The link again: already gone, in English this time.
    const again = await t.app.inject({ method: 'GET', url: mine.path.replace('lng=de', 'lng=en') });
    expect(again.body).toContain('already been deleted');
  });

  it('refuses a tampered token, a token of another purpose or key, and a session token, deleting nothing', async () => {
    const mine = await leadWithLink();
    const [head, payload, signature] = mine.token.split('.');
    const secret = resolveAuthSecret({ configured: t.config.authSecret, dataDir: t.config.dataDir }).secret;
    const derived = createHmac('sha256', secret).update('lead-deletion-link v1').digest();
    const sign = (key: Uint8Array, audience: string) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(mine.leadId).setAudience(audience).setIssuer('contact-cards').sign(key);
    const forged = [
      `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${head}.${Buffer.from(JSON.stringify({ sub: 'otherLead1234', aud: 'lead-deletion', iss: 'contact-cards' })).toString('base64url')}.${signature}`,
      await sign(derived, 'password-reset'),
      await sign(new TextEncoder().encode(secret), 'lead-deletion'),
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      owner.token,
      '',
    ];
    for (const token of forged) {
      const page = await t.app.inject({ method: 'GET', url: `/delete/lead?token=${encodeURIComponent(token)}&lng=en` });
      expect(page.statusCode, token).toBe(404);
      expect(page.body).toContain('This link is not valid');
      expect(page.body).not.toContain('<form');
      expect((await postDelete(token)).statusCode, token).toBe(404);
    }
    expect(await leadRows(mine.profileId)).toHaveLength(1);
  });
});
