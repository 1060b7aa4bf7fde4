import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADS_XLSX_RULE } from '../../server/features/leads/lead.service.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { excelDateText, readXlsx, type XlsxCell } from '../support/xlsx.ts';

/**
 * Issue 35: the leads as Excel workbooks, GET /download/leads.xlsx (the owner's) and GET
 * /download/organisation-leads.xlsx (an organisation's, for its admins), read back as a
 * spreadsheet application reads them: typed text cells (a phone number or a visitor's `=…`
 * stays text as typed), times as date cells on the owner's clock, status, source and language in
 * the owner's words instead of codes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let sequence = 0;
/** Stores a lead as the contact form does (the form's per-address limit is not under test here). */
async function lead(profileId: string, fields: { name?: string; phone?: string; status?: 'new' | 'followedUp'; source?: string } = {}) {
  const id = `LeadX${++sequence}x${Math.random().toString(36).slice(2, 10)}`;
  // 2026-03-29 00:30 UTC: 01:30 in Berlin.
  const created = Date.UTC(2026, 2, 29, 0, 30, 0) + sequence;
  await t.app.db
    .insertInto('lead')
    .values({
      id,
      profileId,
      email: `visitor-${sequence}@example.net`,
      language: 'en',
      created,
      name: fields.name ?? '',
      phone: fields.phone ?? '',
      company: '',
      message: '',
      consentText: 'I agree.',
      consentVersion: '2026-11-25',
      consentAt: created,
      source: fields.source ?? 'qr',
      cardId: '',
      status: fields.status ?? 'new',
      searchText: '',
    })
    .execute();
}

const download = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...user?.auth, ...headers } });

/** The workbook of an answer, its rows as objects keyed by the header row's texts. */
function table(payload: Buffer) {
  const book = readXlsx(payload);
  const [header, ...rows] = book.rows;
  const names = header!.map((cell) => cell?.value ?? '');
  return {
    ...book,
    header,
    names,
    rows: rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? null])) as Record<string, XlsxCell | null>),
  };
}

describe('GET /download/leads.xlsx', () => {
  it('writes every text as a typed text cell, the labels in the owner’s language and the times as dates on their clock', async () => {
    const [me] = await quickOwners(t, 1);
    await t.post('/account/time-zone', { timeZone: 'Europe/Berlin' }, me);
    const p = await createProfile(t, me, { profileName: 'Messe' });
    await lead(p.id, { name: '=HYPERLINK("http://evil.example","click")', phone: '+49 170 1234567', status: 'followedUp', source: 'nfc' });
    await lead(p.id, { name: 'Zahl', phone: '+491701234567' });

    const res = await download(`/download/leads.xlsx?profileId=${p.id}&lng=de`, me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const book = table(res.rawPayload);
    expect(book.sheet).toBe('Kontakte');
    // The header stays in view while scrolling, in the owner's language, the zone named.
    expect(book.frozenRows).toBe(1);
    expect(book.names.slice(0, 5)).toEqual(['Eingegangen (Europe/Berlin)', 'Profil', 'E-Mail', 'Name', 'Telefon']);
    expect(book.header!.every((cell) => cell?.kind === 'text')).toBe(true);
    expect(book.rows).toHaveLength(2);
    const evil = book.rows.find((r) => r.Name?.value.startsWith('=HYPERLINK'))!;
    // Text cells run nothing and need no apostrophe or invisible mark: exactly what the visitor typed.
    expect(evil.Name).toMatchObject({ kind: 'text', value: '=HYPERLINK("http://evil.example","click")' });
    expect(evil.Telefon).toMatchObject({ kind: 'text', value: '+49 170 1234567' });
    expect(evil.Status).toMatchObject({ kind: 'text', value: 'Nachgefasst' });
    expect(evil.Quelle).toMatchObject({ kind: 'text', value: 'NFC' });
    expect(evil.Sprache).toMatchObject({ kind: 'text', value: 'English' });
    expect(evil.Profil).toMatchObject({ kind: 'text', value: 'Messe' });
    // A date cell in the owner's zone: 00:30 UTC is 01:30 in Berlin.
    const received = evil['Eingegangen (Europe/Berlin)']!;
    expect(received).toMatchObject({ kind: 'number', format: 'yyyy-mm-dd hh:mm:ss' });
    expect(excelDateText(Number(received.value))).toBe('2026-03-29 01:30:00');
    const plain = book.rows.find((r) => r.Name?.value === 'Zahl')!;
    expect(plain.Telefon).toMatchObject({ kind: 'text', value: '+491701234567' });
    expect(plain.Status?.value).toBe('Neu');
    expect(plain.Quelle?.value).toBe('QR-Code');
    // Nothing invisible anywhere in the workbook's cells.
    for (const row of book.rows) for (const cell of Object.values(row)) expect(cell?.value ?? '').not.toMatch(/[\u200b-\u200f\u2060\ufeff]/);

    const en = table((await download(`/download/leads.xlsx?profileId=${p.id}`, me, { 'accept-language': 'en' })).rawPayload);
    expect(en.sheet).toBe('Contacts');
    const evilEn = en.rows.find((r) => r.Name?.value.startsWith('=HYPERLINK'))!;
    expect([evilEn.Status?.value, evilEn.Source?.value, evilEn.Language?.value]).toEqual(['Followed up', 'NFC', 'English']);
  });

  it("answers another owner's profile with 404, nobody signed in with 401, a malformed profile id with 400 naming it", async () => {
    const [me, other] = await quickOwners(t, 2);
    const theirs = await createProfile(t, other);
    await lead(theirs.id, { name: 'Not yours' });
    const res = await download(`/download/leads.xlsx?profileId=${theirs.id}`, me);
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'cmc/profile-not-found');
    expect((await download('/download/leads.xlsx')).statusCode).toBe(401);
    const bad = await download('/download/leads.xlsx?profileId=a%27b', me);
    expect(expectD4({ status: bad.statusCode, body: bad.json(), raw: bad.body }, 400).field).toBe('profileId');
    // Without a profile: every lead of the caller's own, none of anybody else's.
    const mine = table((await download('/download/leads.xlsx', me)).rawPayload);
    expect(mine.rows).toEqual([]);
  });

  it('limits the workbooks one owner builds (429 past the limit)', async () => {
    const [me] = await quickOwners(t, 1);
    for (let i = 0; i < LEADS_XLSX_RULE.max; i++) expect((await download('/download/leads.xlsx', me)).statusCode).toBe(200);
    const refused = await download('/download/leads.xlsx', me);
    expectD4({ status: refused.statusCode, body: refused.json(), raw: refused.body }, 429);
  });
});

describe('GET /download/organisation-leads.xlsx', () => {
  it("gives admins the members' company-profile leads with the member first, labels in their language, audited; members 403", async () => {
    const [admin, mia] = await quickOwners(t, 2);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, mia);
    await t.post('/organisation/member/role', { organisationId, userId: mia.userId, role: 'member' }, admin);
    const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: {}, locked: [] }, admin)).body.templateId;
    const company = (await t.post('/profile/create', { templateId, firstName: 'Mia' }, mia)).body.id as string;
    const personal = (await createProfile(t, mia, { firstName: 'Privat' })).id;
    await lead(company, { name: 'Firmenkontakt', phone: '+49 30 123456', source: 'signature' });
    await lead(personal, { name: 'Privatkontakt' });

    const res = await download(`/download/organisation-leads.xlsx?organisationId=${organisationId}&lng=en`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="organisation-leads-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = table(res.rawPayload);
    expect(book.names.slice(0, 3)).toEqual(['Member', 'Member e-mail', 'Received (UTC)']);
    expect(book.rows.map((r) => r.Name?.value)).toEqual(['Firmenkontakt']);
    expect(book.rows[0]!['Member e-mail']).toMatchObject({ kind: 'text', value: mia.email });
    expect(book.rows[0]!.Phone).toMatchObject({ kind: 'text', value: '+49 30 123456' });
    expect(book.rows[0]!.Source?.value).toBe('E-mail signature');
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries as { action: string }[];
    expect(audit[0]!.action).toBe('leads.export');

    const member = await download(`/download/organisation-leads.xlsx?organisationId=${organisationId}`, mia);
    expectD4({ status: member.statusCode, body: member.json(), raw: member.body }, 403);
    const [stranger] = await quickOwners(t, 1);
    const other = await download(`/download/organisation-leads.xlsx?organisationId=${organisationId}`, stranger);
    expectD4({ status: other.statusCode, body: other.json(), raw: other.body }, 404);
  });
});
