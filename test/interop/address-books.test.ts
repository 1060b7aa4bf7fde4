import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFullProfile, createLink } from '../support/factories.ts';
import { freePort } from '../support/server-process.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/*
 * The downloads as real address books, calendars and spreadsheets read them (issue 22), with the
 * parsers from Debian's packages that .ci/run installs (`npm run test:interop`): python3-vobject
 * (khard, vdirsyncer), Evolution's EBookContacts (GNOME Contacts), Radicale (a CardDAV server),
 * libical's RFC 5546 check (libical-glib) and LibreOffice Calc with formula evaluation on.
 * ical.js (Thunderbird) reads the reminder in the browser suite test/e2e/public-profile.test.ts.
 */

const PYTHON = '/usr/bin/python3';
const READERS = path.join(import.meta.dirname, 'readers');
/** A Google Maps link as people paste it: coordinates after a comma, a parameter after a semicolon. */
const MAPS = 'https://www.google.com/maps/place/K%C3%B6lner+Dom/@50.9413,6.9583,17z;data=!3m1';

let t: TestApp;
let owner: TestUser;
let profileId: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'interop-'));

/** Downloads `url` into `dir/name` and answers the file's path. */
async function download(url: string, name: string, user?: TestUser): Promise<string> {
  const res = await t.get(url, user);
  expect(res.status, res.raw).toBe(200);
  const file = path.join(dir, name);
  writeFileSync(file, res.raw);
  return file;
}

/** Runs a Python reader and answers its JSON. */
function read(script: string, file: string): any {
  const run = spawnSync(PYTHON, [path.join(READERS, script), file], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const profile = await createFullProfile(t, owner, { profileName: 'Messe' });
  profileId = profile.id;
  await createLink(t, owner, profileId, { type: 'website', name: 'Anfahrt', link: MAPS });
  let n = 0;
  for (const lead of [
    { senderEmail: 'anna@example.net', name: 'Anna Beispiel', phone: '+49 170 1234567', company: 'Größe & Söhne, "GmbH"' },
    { senderEmail: 'eve@example.net', name: '=1+1', phone: '+491701234567', company: '=HYPERLINK("http://evil.example","click")' },
  ]) {
    const res = await t.call({ method: 'POST', url: '/send/contact', payload: { profileId, language: 'de', ...lead }, remoteAddress: `203.0.113.${++n}` });
    expect(res.status, res.raw).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /download/generate-vcf-with-comment in address books', () => {
  it('keeps a URL with , and ; whole in vobject and Evolution, with the same UID in both', async () => {
    const file = await download(`/download/generate-vcf-with-comment?profileId=${profileId}`, 'profile.vcf');
    const { vobject, evolution } = read('vcard_readers.py', file);
    expect(vobject).toHaveLength(1);
    expect(evolution).toHaveLength(1);
    const maps = (urls: string[]) => urls.filter((u) => u.includes('google.com/maps'));
    // Percent-encoded, the URL is the same address, and neither parser cuts it.
    expect(maps(vobject[0].urls).map(decodeURIComponent)).toEqual([decodeURIComponent(MAPS)]);
    expect(maps(evolution[0].urls).map(decodeURIComponent)).toEqual([decodeURIComponent(MAPS)]);
    expect(evolution[0].urlParts.every((parts: number) => parts === 1)).toBe(true);
    expect(vobject[0].uid).toMatch(/\S/);
    expect(evolution[0].uid).toBe(vobject[0].uid);
    expect(vobject[0].fn).toBe(evolution[0].fn);
  });
});

describe('GET /download/leads.vcf in address books', () => {
  it('gives every lead its own UID, the same in the next export, read alike by vobject and Evolution', async () => {
    const first = read('vcard_readers.py', await download(`/download/leads.vcf?profileId=${profileId}`, 'leads.vcf', owner));
    const again = read('vcard_readers.py', await download(`/download/leads.vcf?profileId=${profileId}`, 'leads-again.vcf', owner));
    const uids = first.vobject.map((c: { uid: string }) => c.uid);
    expect(uids).toHaveLength(2);
    expect(new Set(uids).size).toBe(2);
    expect(again.vobject.map((c: { uid: string }) => c.uid)).toEqual(uids);
    expect(first.evolution.map((c: { uid: string }) => c.uid)).toEqual(uids);
    expect(first.vobject.flatMap((c: { emails: string[] }) => c.emails).sort()).toEqual(['anna@example.net', 'eve@example.net']);
  });
});

describe('Radicale (CardDAV) stores the vCards', () => {
  let radicale: ReturnType<typeof spawn>;
  let base: string;
  const auth = { authorization: `Basic ${Buffer.from('owner:x').toString('base64')}` };

  beforeAll(async () => {
    const port = freePort();
    base = `http://127.0.0.1:${port}`;
    radicale = spawn(
      PYTHON,
      [
        '-m',
        'radicale',
        '--server-hosts',
        `127.0.0.1:${port}`,
        '--storage-filesystem-folder',
        path.join(dir, 'radicale'),
        '--auth-type',
        'none',
        '--rights-type',
        'authenticated',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; ; i++) {
      if (i > 100) throw new Error('radicale did not start');
      if (
        await fetch(`${base}/.web/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => void radicale.kill());

  /** Creates an address book at `path` (CardDAV's extended MKCOL). */
  async function addressBook(at: string) {
    const body =
      '<?xml version="1.0"?><mkcol xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><set><prop><resourcetype><collection/><CR:addressbook/></resourcetype></prop></set></mkcol>';
    expect((await fetch(`${base}${at}`, { method: 'MKCOL', headers: { ...auth, 'content-type': 'application/xml' }, body })).status).toBe(201);
  }

  it("accepts the profile's vCard as a contact", async () => {
    await addressBook('/owner/profile/');
    const vcard = readFileSync(await download(`/download/generate-vcf-with-comment?profileId=${profileId}`, 'radicale.vcf'), 'utf8');
    const put = await fetch(`${base}/owner/profile/contact.vcf`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/vcard' }, body: vcard });
    expect(put.status, await put.text()).toBe(201);
  });

  it('imports leads.vcf twice as the same two contacts, not four', async () => {
    const leads = readFileSync(await download(`/download/leads.vcf?profileId=${profileId}`, 'radicale-leads.vcf', owner), 'utf8');
    for (let i = 0; i < 2; i++) {
      const put = await fetch(`${base}/owner/leads/`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/vcard' }, body: leads });
      expect(put.status, await put.text()).toBeLessThan(300);
    }
    const stored = await (await fetch(`${base}/owner/leads/`, { headers: auth })).text();
    expect(stored.match(/BEGIN:VCARD/g)).toHaveLength(2);
  });
});

describe('GET /download/calendar in libical', () => {
  it('passes libical’s RFC 5546 check with no error, in the language asked for', async () => {
    const result = read('ical_check.py', await download(`/download/calendar?profileId=${profileId}&remindIn=1w&lng=de&tz=Europe/Berlin`, 'reminder.ics'));
    expect(result).toMatchObject({ restrictionsHold: true, errors: [] });
    expect(result.summary).toBe('Kontakt aufnehmen: Dr. Jürgen Größe-Übermühl');
  });
});

/** LibreOffice Calc run headless on `file`, saved as CSV of the cells as shown; `infilter` for a CSV's import options. */
function calcAsShown(file: string, out: string, infilter?: string): string {
  const run = spawnSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(dir, 'lo-profile')}`,
      '--headless',
      ...(infilter ? [`--infilter=${infilter}`] : []),
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,1031,true,true,true',
      '--outdir',
      out,
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(path.join(out, `${path.basename(file, path.extname(file))}.csv`), 'utf8');
}

describe('GET /download/leads.csv in LibreOffice Calc, formulas evaluated', () => {
  it('runs no formula a visitor typed; the file holds each phone number exactly as typed, for imports (issue 35)', async () => {
    const csv = await download(`/download/leads.csv?profileId=${profileId}&lng=de`, 'leads.csv', owner);
    // The file itself: nothing invisible in front of a phone number (it travelled into imports), no apostrophe either.
    const raw = readFileSync(csv, 'utf8');
    expect(raw).toContain('"+49 170 1234567"');
    expect(raw).toContain('"+491701234567"');
    expect(raw.slice(1)).not.toMatch(/[\u200b-\u200f\u2060\ufeff]/);
    // Import: comma, double quote, UTF-8, from line 1, standard columns, "detect special numbers" and
    // "evaluate formulas" on. Export: the cells as shown.
    const shown = calcAsShown(csv, path.join(dir, 'calc'), 'CSV:44,34,76,1,,1031,false,true,false,false,false,-1,true');
    // The formulas stay text, as typed (with the apostrophe that keeps them from running).
    expect(shown).toContain(`'=1+1`);
    expect(shown).toContain(`'=HYPERLINK(""http://evil.example"",""click"")`);
    expect(shown).not.toMatch(/(^|,)"?2"?(,|$)/m);
    expect(shown).not.toMatch(/(^|,)"?click"?(,|$)/m);
  });
});

describe('GET /download/leads.xlsx in LibreOffice Calc (issue 35)', () => {
  it('shows phone numbers and formulas as typed text, never run or turned into numbers, with words instead of codes', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/download/leads.xlsx?profileId=${profileId}&lng=de`, headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(dir, 'leads.xlsx');
    writeFileSync(file, res.rawPayload);
    const shown = calcAsShown(file, path.join(dir, 'calc-xlsx'));
    expect(shown).toContain('+49 170 1234567');
    expect(shown).toContain('+491701234567');
    expect(shown).not.toMatch(/(^|,)"?491701234567/m);
    // A visitor's formula is a text cell: shown as typed, not its result, with no apostrophe.
    expect(shown).toContain('=1+1');
    expect(shown).toContain('=HYPERLINK(""http://evil.example"",""click"")');
    expect(shown).not.toMatch(/(^|,)"?2"?(,|$)/m);
    expect(shown).not.toContain(`'=`);
    // Status, source and language in the owner's words.
    expect(shown).toContain('Neu');
    expect(shown).toContain('Deutsch');
  });
});
