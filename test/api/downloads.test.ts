import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/schemas/profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createFullProfile, createProfile, expectD4, fullProfileLinks, pngImage, upload } from '../support/factories.ts';

/** SPEC 7 downloads through the real app: the vCard 3.0 and the reminder .ics, parsed by ical.js. */

let t: TestApp;
let owner: TestUser;
let full: Profile;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  full = await createFullProfile(t, owner);
});
afterAll(async () => t.close());

const vcf = (profileId: string, comment?: string) =>
  t.get(
    `/download/generate-vcf-with-comment?profileId=${encodeURIComponent(profileId)}${comment === undefined ? '' : `&comment=${encodeURIComponent(comment)}`}`,
  );

function parse(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text));
}

/** Physical lines without their CRLF; throws if any line ends in a bare LF or CR. */
function physicalLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(/(?<!\r)\n|\r(?!\n)/.test(text)).toBe(false);
  return text.slice(0, -2).split('\r\n');
}

describe('GET /download/generate-vcf-with-comment', () => {
  it('answers a vCard 3.0 as text/vcard; charset=utf-8 with a download name from the person’s name', async () => {
    const res = await vcf(full.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain('filename="Juergen Groesse-Uebermuehl.vcf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Jürgen Größe-Übermühl.vcf')}`);
  });

  it('uses CRLF, folds at 75 octets and declares VERSION:3.0', async () => {
    const { raw } = await vcf(full.id);
    const lines = physicalLines(raw);
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:3.0');
    expect(lines.at(-1)).toBe('END:VCARD');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  });

  it('parses with ical.js and keeps every umlaut', async () => {
    const card = parse((await vcf(full.id)).raw);
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('3.0');
    expect(card.getFirstPropertyValue('fn')).toContain('Jürgen Größe-Übermühl');
    expect(card.getFirstPropertyValue('n')).toEqual(['Größe-Übermühl', 'Jürgen', '', 'Dr.', '']);
    expect(card.getFirstPropertyValue('org')).toEqual(expect.arrayContaining(['Müller & Söhne Maschinenbau GmbH', 'Vertrieb Süddeutschland']));
    expect(card.getFirstPropertyValue('title')).toBe('Leiter Vertrieb und Kundenbeziehungen');
    const adr = card.getFirstPropertyValue('adr') as string[];
    expect(adr).toEqual(['', '', 'Königstraße 12a', 'München', '', '80331', 'Deutschland']);
    const tels = card.getAllProperties('tel').map((p) => String(p.getFirstValue()));
    expect(tels).toEqual(expect.arrayContaining(['+49 89 98765-0', '+49 160 9876543', '+49 89 98765-99', '+49 89 123456', '+49 171 2345678']));
    const emails = card.getAllProperties('email').map((p) => String(p.getFirstValue()));
    expect(emails).toEqual(expect.arrayContaining(['j.groesse@mueller-soehne.example.com', 'juergen.privat@example.org']));
    const urls = card.getAllProperties('url').map((p) => String(p.getFirstValue()));
    expect(urls).toEqual(expect.arrayContaining(['https://www.mueller-soehne.example.com/', 'https://www.linkedin.com/in/juergen-groesse']));
    expect(card.getFirstPropertyValue('note')).toContain('Präzisionsmaschinen für die Lebensmittelindustrie');
    expect(card.getFirstProperty('photo')).toBeNull();
  });

  it('carries one URL per web and social link (the network as TYPE of the social ones) and a stable UID', async () => {
    const { raw } = await vcf(full.id);
    const card = parse(raw);
    const urls = card.getAllProperties('url').map((p) => String(p.getFirstValue()));
    for (const link of fullProfileLinks()) {
      // Stored as typed, rendered as a safe http(s) address (D12): https:// prefixed, normalised.
      const expected = new URL(/^https?:/.test(link.link) ? link.link : `https://${link.link}`).href;
      expect(urls, link.link).toContain(expected);
    }
    expect(raw).toContain('URL;TYPE=linkedin:https://www.linkedin.com/in/juergen-groesse');
    expect(raw).not.toContain('X-SOCIALPROFILE');
    expect(card.getFirstPropertyValue('uid')).toMatch(/^urn:uuid:/);
    expect(parse((await vcf(full.id)).raw).getFirstPropertyValue('uid')).toBe(card.getFirstPropertyValue('uid'));
  });

  it('puts the comment into NOTE, umlauts intact', async () => {
    const card = parse((await vcf(full.id, 'Getroffen auf der Messe in München – Grüße!')).raw);
    expect(card.getFirstPropertyValue('note')).toBe('Getroffen auf der Messe in München – Grüße!');
  });

  it('leaves ADR out when the profile has no address', async () => {
    const p = await createProfile(t, owner, { firstName: 'Ohne', lastName: 'Adresse' });
    const { raw } = await vcf(p.id);
    expect(parse(raw).getFirstProperty('adr')).toBeNull();
    expect(raw).not.toMatch(/^ADR/m);
  });

  it('embeds the profile image as a small JPEG PHOTO', async () => {
    const p = await createProfile(t, owner, { firstName: 'Mit', lastName: 'Foto' });
    expect((await upload(t, owner, 'profileImage', p.id, await pngImage(800, 600))).status).toBe(200);
    const { raw } = await vcf(p.id);
    expect(raw).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:/m);
    const photo = parse(raw).getFirstProperty('photo');
    expect(photo).not.toBeNull();
    const jpeg = Buffer.from(String(photo!.getFirstValue()), 'base64');
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(300);
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await vcf('noSuchProfile1'), 404, 'cmc/profile-not-found');
  });

  it('answers 400 naming profileId when it is missing', async () => {
    expect(expectD4(await t.get('/download/generate-vcf-with-comment'), 400).field).toBe('profileId');
  });
});

describe('GET /download/calendar', () => {
  const ics = (query: string) => t.get(`/download/calendar?${query}`);

  /** The wall clock of an instant in a time zone, as `YYYY-MM-DD HH:MM`. */
  const wall = (ms: number, timeZone: string) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(ms);
  /** The day N days after today in a time zone, as `YYYY-MM-DD`. */
  const dayAhead = (days: number, timeZone: string) => {
    const today = wall(Date.now(), timeZone).slice(0, 10);
    return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  };

  it('answers Reminder.ics with one VEVENT 7 days ahead at a daytime hour of the visitor and a VALARM for remindIn=1w', async () => {
    const res = await ics(`profileId=${full.id}&remindIn=1w&tz=America/New_York`);
    expect(res.status, res.raw).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/calendar/);
    expect(String(res.headers['content-disposition'])).toContain('filename="Reminder.ics"');
    physicalLines(res.raw);
    expect(res.raw).not.toMatch(/^METHOD:/m);

    const calendar = parse(res.raw);
    expect(calendar.name).toBe('vcalendar');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    const there = wall(event.startDate.toJSDate().getTime(), 'America/New_York');
    expect(there.slice(0, 10)).toBe(dayAhead(7, 'America/New_York'));
    expect(Number(there.slice(11, 13))).toBeGreaterThanOrEqual(9);
    expect(Number(there.slice(11, 13))).toBeLessThan(18);
    expect(event.uid).toBeTruthy();
    expect(events[0].getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(event.summary).toContain('Jürgen Größe-Übermühl');
    expect(`${event.description} ${events[0].getFirstPropertyValue('url') ?? ''}`).toContain(`/p/${full.id}`);
    expect(events[0].getAllSubcomponents('valarm')).toHaveLength(1);
  });

  it.each([
    ['1d', 1],
    ['3d', 3],
  ])('puts the event %s ahead, as floating time without a time zone', async (remindIn, days) => {
    const res = await ics(`profileId=${full.id}&remindIn=${remindIn}&tz=`);
    expect(res.status, res.raw).toBe(200);
    const start = new ICAL.Event(parse(res.raw).getFirstSubcomponent('vevent')!).startDate;
    expect(start.zone?.tzid).toBe('floating');
    expect(start.toString().slice(0, 10)).toBe(dayAhead(days, 'UTC'));
    expect(start.hour).toBeGreaterThanOrEqual(9);
    expect(start.hour).toBeLessThan(18);
  });

  it('writes the reminder in the language of ?lng, which the page’s form sends (issue 22)', async () => {
    const de = parse((await t.call({ method: 'GET', url: `/download/calendar?profileId=${full.id}&lng=de`, headers: { 'accept-language': 'en' } })).raw);
    expect(de.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toMatch(/^Kontakt aufnehmen: /);
    const en = parse((await t.call({ method: 'GET', url: `/download/calendar?profileId=${full.id}&lng=en`, headers: { 'accept-language': 'de' } })).raw);
    expect(en.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toMatch(/^Get in touch: /);
  });

  it('refuses a time zone that does not exist with a 400 naming tz', async () => {
    expect(expectD4(await ics(`profileId=${full.id}&tz=Mars/Olympus_Mons`), 400).field).toBe('tz');
  });

  it('defaults to 1 day and gives every download its own UID', async () => {
    const a = parse((await ics(`profileId=${full.id}`)).raw).getFirstSubcomponent('vevent')!;
    const b = parse((await ics(`profileId=${full.id}`)).raw).getFirstSubcomponent('vevent')!;
    expect(new ICAL.Event(a).startDate.toString().slice(0, 10)).toBe(dayAhead(1, 'UTC'));
    expect(a.getFirstPropertyValue('uid')).not.toBe(b.getFirstPropertyValue('uid'));
  });

  it('answers 400 naming remindIn for a choice SPEC 9 does not offer', async () => {
    expect(expectD4(await ics(`profileId=${full.id}&remindIn=2w`), 400).field).toBe('remindIn');
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await ics('profileId=noSuchProfile1&remindIn=1w'), 404, 'cmc/profile-not-found');
  });
});
