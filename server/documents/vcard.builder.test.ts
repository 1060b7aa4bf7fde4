import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expectWellFormedLines, makeLink, makeProfile } from './documents.test-support.ts';
import { buildVcard, vcardDisplayFileName, vcardFileName } from './vcard.builder.ts';

/** Parses with ical.js, which reads vCard 3.0 the way a contacts importer does. */
function parse(text: string): ICAL.Component {
  const jcard = ICAL.parse(text);
  expect(jcard[0]).toBe('vcard');
  return new ICAL.Component(jcard);
}

function values(card: ICAL.Component, name: string): unknown[] {
  return card.getAllProperties(name).map((p) => p.getFirstValue());
}

/** Logical lines (unfolded), to check parameters exactly as a client sees them. */
function logicalLines(text: string): string[] {
  return text.replace(/\r\n /g, '').split('\r\n');
}

// ical.js follows vCard 4 here and leaves `\;` escaped in unstructured text, which vCard 3.0
// (RFC 2426) requires to be escaped; undo that one difference before comparing.
function unescapeSemicolons(value: unknown): string {
  return String(value).replaceAll('\\;', ';');
}

describe('buildVcard with the full fixture profile', () => {
  const profile = makeProfile();
  const text = buildVcard({ profile, profileUrl: 'https://cards.example.com/p/prof1' });
  const card = parse(text);

  it('is vCard 3.0 with CRLF lines of at most 75 octets, no character split by a fold', () => {
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(card.getFirstPropertyValue('version')).toBe('3.0');
    expectWellFormedLines(text);
    // The note is long enough to be folded, so the fold rules above were really exercised.
    expect(text).toMatch(/\r\n [^\r\n]/);
  });

  it('keeps umlauts in the name, organisation, title, address and note', () => {
    expect(card.getFirstPropertyValue('n')).toEqual(['Größe-Übermühl', 'Jürgen', '', 'Dr.', '']);
    expect(card.getFirstPropertyValue('fn')).toBe('Dr. Jürgen Größe-Übermühl');
    expect(card.getFirstPropertyValue('org')).toEqual(['Müller & Söhne Maschinenbau GmbH', 'Vertrieb Süddeutschland']);
    expect(card.getFirstPropertyValue('title')).toBe('Leiter Vertrieb und Kundenbeziehungen');
    expect(card.getFirstPropertyValue('adr')).toEqual(['', '', 'Königstraße 12a', 'München', '', '80331', 'Deutschland']);
    expect(card.getFirstPropertyValue('note')).toBe(profile.businessNote);
  });

  it('marks the text properties as UTF-8 so Outlook keeps the umlauts', () => {
    for (const name of ['N', 'FN', 'ORG', 'TITLE', 'ADR', 'NOTE']) {
      const line = logicalLines(text).find((l) => l.startsWith(`${name};`) || l.startsWith(`${name}:`));
      expect(line, name).toMatch(/^[A-Z]+(;[^:;]+)*;CHARSET=utf-8[;:]/);
    }
  });

  it('types every number and address so each lands in its own slot', () => {
    const tels = card.getAllProperties('tel').map((p) => [p.getParameter('type'), p.getFirstValue()]);
    expect(tels).toEqual([
      [['WORK', 'VOICE'], '+49 89 98765-0'],
      [['WORK', 'CELL'], '+49 160 9876543'],
      [['WORK', 'FAX'], '+49 89 98765-99'],
      [['HOME', 'VOICE'], '+49 89 123456'],
      ['CELL', '+49 171 2345678'],
    ]);
    const emails = card.getAllProperties('email').map((p) => [p.getParameter('type'), p.getFirstValue()]);
    expect(emails).toEqual([
      [['INTERNET', 'WORK'], 'j.groesse@mueller-soehne.example.com'],
      [['INTERNET', 'HOME'], 'juergen.privat@example.org'],
    ]);
    expect(card.getFirstProperty('adr')?.getParameter('type')).toBe('WORK');
  });

  it('lists the company site, the profile page and every link in sort order, schemeless ones with https', () => {
    const urls = values(card, 'url');
    expect(urls.slice(0, 3)).toEqual([
      'https://www.mueller-soehne.example.com/',
      'https://cards.example.com/p/prof1',
      'https://www.mueller-soehne.example.com/produkte',
    ]);
    expect(urls).toContain('https://calendly.com/juergen-groesse');
    expect(urls).toHaveLength(2 + 20);
    expect(card.getFirstProperty('url')?.getParameter('type')).toBe('WORK');
  });

  it('lists each social link once, as a URL whose TYPE names the network, in sort order', () => {
    const social = card
      .getAllProperties('url')
      .filter((p) => p.getParameter('type') && p.getParameter('type') !== 'WORK')
      .map((p) => [p.getParameter('type'), p.getFirstValue()]);
    expect(social).toHaveLength(16);
    expect(social[0]).toEqual(['linkedin', 'https://www.linkedin.com/in/juergen-groesse']);
    expect(social[1]).toEqual(['xing', 'https://www.xing.com/profile/Juergen_Groesse']);
    expect(social.map(([type]) => type)).not.toContain('website');
    expect(card.getAllProperties('x-socialprofile')).toHaveLength(0);
  });

  it('has no PHOTO when none is given', () => {
    expect(card.getFirstProperty('photo')).toBeNull();
  });
});

describe('buildVcard choices', () => {
  it('sorts links by sort, not by their order in the list', () => {
    const links = [
      makeLink({ type: 'github', name: '', link: 'https://github.com/c', sort: 3 }),
      makeLink({ type: 'website', name: '', link: 'https://a.example.com/', sort: 1 }),
      makeLink({ type: 'xing', name: '', link: 'https://xing.com/b', sort: 2 }),
    ];
    const card = parse(buildVcard({ profile: makeProfile({ companyWebsiteUrl: '', socialMediaLinks: links }) }));
    expect(values(card, 'url')).toEqual(['https://a.example.com/', 'https://xing.com/b', 'https://github.com/c']);
  });

  it('percent-encodes , and ; in URLs, which vobject and Evolution would cut there (issue 22)', () => {
    const maps = 'https://www.google.com/maps/place/52.5200,13.4050/@52.52,13.40,17z';
    const links = [
      makeLink({ type: 'other', name: 'Karte', link: maps, sort: 1 }),
      makeLink({ type: 'website', name: '', link: 'https://a.example.com/x;y=1', sort: 2 }),
    ];
    const text = buildVcard({ profile: makeProfile({ companyWebsiteUrl: '', socialMediaLinks: links }) });
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nURL:https://www.google.com/maps/place/52.5200%2C13.4050/@52.52%2C13.40%2C17z\r\n');
    expect(unfolded).toContain('\r\nURL:https://a.example.com/x%3By=1\r\n');
    const card = parse(text);
    expect(values(card, 'url')).toEqual(['https://www.google.com/maps/place/52.5200%2C13.4050/@52.52%2C13.40%2C17z', 'https://a.example.com/x%3By=1']);
  });

  it('has a stable UID per thing it describes, and none when told nothing', () => {
    const profile = makeProfile();
    const uid = (source?: string) => parse(buildVcard({ profile, uidSource: source })).getFirstPropertyValue('uid');
    expect(uid('profile:abc')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uid('profile:abc')).toBe(uid('profile:abc'));
    expect(uid('profile:abd')).not.toBe(uid('profile:abc'));
    expect(uid('lead:abc')).not.toBe(uid('profile:abc'));
    expect(uid()).toBeNull();
  });

  it('never turns a javascript: or data: link into a URL or social profile', () => {
    const links = [
      makeLink({ type: 'website', name: 'x', link: 'javascript:alert(1)', sort: 1 }),
      makeLink({ type: 'twitter', name: 'x', link: 'JaVaScRiPt:alert(document.cookie)', sort: 2 }),
      makeLink({ type: 'other', name: 'x', link: ' java\tscript:alert(1)', sort: 3 }),
      makeLink({ type: 'instagram', name: 'x', link: 'data:text/html,<script>alert(1)</script>', sort: 4 }),
      makeLink({ type: 'github', name: 'ok', link: 'https://github.com/ok', sort: 5 }),
    ];
    const text = buildVcard({
      profile: makeProfile({ companyWebsiteUrl: 'javascript:alert(2)', socialMediaLinks: links }),
    });
    expect(text.toLowerCase()).not.toContain('script:');
    expect(text).not.toContain('data:');
    const card = parse(text);
    expect(values(card, 'url')).toEqual(['https://github.com/ok']);
  });

  it('leaves ADR out when every address field is blank, and keeps it when one is set', () => {
    const blank = { streetAndNumber: '', zip: ' ', city: '', country: '\t' };
    expect(buildVcard({ profile: makeProfile(blank) })).not.toMatch(/^ADR/m);
    const cityOnly = parse(buildVcard({ profile: makeProfile({ ...blank, city: 'Köln' }) }));
    expect(cityOnly.getFirstPropertyValue('adr')).toEqual(['', '', '', 'Köln', '', '', '']);
  });

  it('leaves blank fields out instead of writing empty properties', () => {
    const text = buildVcard({
      profile: makeProfile({
        jobTitle: ' ',
        phoneNumber: '',
        mobileNumber: '',
        emailAddress: '',
        businessFax: '',
        businessNote: '',
        companyWebsiteUrl: '',
        socialMediaLinks: [],
      }),
    });
    const card = parse(text);
    expect(card.getFirstProperty('title')).toBeNull();
    expect(card.getFirstProperty('note')).toBeNull();
    expect(card.getFirstProperty('url')).toBeNull();
    expect(card.getAllProperties('tel').map((p) => p.getParameter('type'))).toEqual([
      ['WORK', 'VOICE'],
      ['WORK', 'CELL'],
    ]);
    expect(card.getAllProperties('email')).toHaveLength(1);
    expect(text).not.toMatch(/:\r\n/);
  });

  it('escapes backslash, comma, semicolon and newline so values come back unchanged', () => {
    const note = 'Zeile 1; mit Semikolon\nZeile 2, mit Komma\r\nPfad C:\\Temp\\ ✓';
    const profile = makeProfile({
      lastName: 'Doe; Jr.',
      firstName: 'Jane, Ann',
      jobTitle: 'R&D\\Lab; Lead',
      companyName: 'A;B, C',
      streetAndNumber: 'Weg 1; Hinterhaus\nlinks',
    });
    const text = buildVcard({ profile, comment: note });
    expectWellFormedLines(text);
    const card = parse(text);
    expect(card.getFirstPropertyValue('n')).toEqual(['Doe; Jr.', 'Jane, Ann', '', 'Dr.', '']);
    expect(card.getFirstPropertyValue('org')).toEqual(['A;B, C', 'Vertrieb Süddeutschland']);
    expect(card.getFirstPropertyValue('adr')).toEqual(['', '', 'Weg 1; Hinterhaus\nlinks', 'München', '', '80331', 'Deutschland']);
    expect(unescapeSemicolons(card.getFirstPropertyValue('title'))).toBe('R&D\\Lab; Lead');
    expect(unescapeSemicolons(card.getFirstPropertyValue('note'))).toBe(note.replace(/\r\n/g, '\n'));
    expect(logicalLines(text)).toContain('TITLE;CHARSET=utf-8:R&D\\\\Lab\\; Lead');
  });

  it('uses the comment as the note, falling back to the business note when it is blank', () => {
    const withComment = parse(buildVcard({ profile: makeProfile(), comment: 'Met at the fair' }));
    expect(withComment.getFirstPropertyValue('note')).toBe('Met at the fair');
    const blankComment = parse(buildVcard({ profile: makeProfile({ businessNote: 'Ö-Note' }), comment: '  ' }));
    expect(blankComment.getFirstPropertyValue('note')).toBe('Ö-Note');
  });

  it('names the contact after the company, then its e-mail address, when there is no person name (shared/display-name.ts)', () => {
    const company = buildVcard({ profile: makeProfile({ firstName: '', lastName: ' ' }) });
    const companyCard = parse(company);
    expect(companyCard.getFirstPropertyValue('fn')).toBe('Müller & Söhne Maschinenbau GmbH');
    // The title alone is no name: N stays empty rather than reading "Dr.".
    expect(companyCard.getFirstPropertyValue('n')).toEqual(['', '', '', '', '']);
    expect(logicalLines(company)).toContain('X-ABShowAs:COMPANY');

    const profileOnly = parse(
      buildVcard({
        profile: makeProfile({ firstName: '', lastName: '', companyName: '', businessUnit: '' }),
      }),
    );
    // Issue 21: the profile's own name ("Geschäftlich") is the owner's label, never the contact's.
    expect(profileOnly.getFirstPropertyValue('fn')).toBe('j.groesse@mueller-soehne.example.com');
    expect(profileOnly.getFirstProperty('org')).toBeNull();
  });

  it('embeds the photo as base64 JPEG, folded like every other line', () => {
    const photoJpeg = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256));
    const text = buildVcard({ profile: makeProfile(), photoJpeg });
    expectWellFormedLines(text);
    const photo = parse(text).getFirstProperty('photo');
    expect(photo?.getParameter('encoding')).toBe('b');
    expect(photo?.getParameter('type')).toBe('JPEG');
    const base64 = String(photo?.getFirstValue());
    expect(Buffer.from(base64, 'base64').equals(photoJpeg)).toBe(true);
  });

  it('keeps every line within 75 octets for long values full of multi-byte characters', () => {
    const text = buildVcard({
      profile: makeProfile({
        firstName: 'Ä'.repeat(70),
        lastName: '😀'.repeat(50),
        companyName: '€'.repeat(90),
        jobTitle: 'ß'.repeat(199),
      }),
      comment: 'ü€😀'.repeat(300),
    });
    expectWellFormedLines(text);
    expect(parse(text).getFirstPropertyValue('fn')).toBe(`Dr. ${'Ä'.repeat(70)} ${'😀'.repeat(50)}`);
  });
});

describe('vCard file names', () => {
  it('names the file after the person, transliterated for the ASCII name', () => {
    const profile = makeProfile();
    expect(vcardFileName(profile)).toBe('Juergen Groesse-Uebermuehl.vcf');
    expect(vcardDisplayFileName(profile)).toBe('Jürgen Größe-Übermühl.vcf');
  });

  it('falls back to the company, then to "Contact", and never lets a path or quote through', () => {
    expect(vcardFileName(makeProfile({ firstName: '', lastName: '' }))).toBe('Mueller & Soehne Maschinenbau GmbH.vcf');
    const nameless = makeProfile({ firstName: '', lastName: '', companyName: '', profileName: '' });
    expect(vcardFileName(nameless)).toBe('Contact.vcf');
    const hostile = makeProfile({ firstName: '../../etc/"passwd"', lastName: 'x\r\nSet-Cookie: a=b' });
    for (const name of [vcardFileName(hostile), vcardDisplayFileName(hostile)]) {
      expect(name).not.toMatch(/[/\\"\r\n]/);
      expect(name.endsWith('.vcf')).toBe(true);
    }
    expect(vcardFileName(makeProfile({ firstName: '张伟', lastName: '' }))).toBe('Contact.vcf');
  });
});
