import { describe, expect, it } from 'vitest';
import { CodeReadError, type CodeProblem } from './code-read-error.ts';
import { parseCode, type ParsedCode } from './code.parser.ts';

const PUBLIC_URL = 'https://cards.example.de';
const crlf = (lines: string[]) => lines.join('\r\n');
const fieldsOf = (text: string) => {
  const parsed = parseCode(text, { publicUrl: PUBLIC_URL });
  if (parsed.format === 'product-link') throw new Error('expected fields');
  return parsed.fields;
};
function problemOf(text: string): CodeProblem {
  try {
    parseCode(text, { publicUrl: PUBLIC_URL });
  } catch (error) {
    if (error instanceof CodeReadError) return error.problem;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('parseCode: vCard', () => {
  it('reads an iPhone vCard 3.0 (grouped items, repeated type parameters, pref)', () => {
    const fields = fieldsOf(
      crlf([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'PRODID:-//Apple Inc.//iPhone OS 18.1//EN',
        'N:Müller;Jürgen;;;',
        'FN:Jürgen Müller',
        'ORG:Beispiel GmbH;Vertrieb',
        'TITLE:Vertriebsleiter',
        'EMAIL;type=INTERNET;type=HOME:jm@example.org',
        'EMAIL;type=INTERNET;type=WORK;type=pref:juergen.mueller@beispiel.de',
        'TEL;type=CELL;type=VOICE;type=pref:+49 171 2345678',
        'TEL;type=WORK;type=VOICE:+49 89 1234560',
        'TEL;type=WORK;type=FAX:+49 89 1234569',
        'item1.ADR;type=WORK;type=pref:;;Leopoldstraße 12;München;;80802;Deutschland',
        'item1.X-ABADR:de',
        'item2.URL;type=pref:https://www.beispiel.de',
        'item2.X-ABLabel:_$!<HomePage>!$_',
        'END:VCARD',
      ]),
    );
    expect(fields).toEqual({
      firstName: 'Jürgen',
      lastName: 'Müller',
      jobTitle: 'Vertriebsleiter',
      company: 'Beispiel GmbH',
      email: 'juergen.mueller@beispiel.de',
      phone: '+49 89 1234560',
      mobile: '+49 171 2345678',
      website: 'https://www.beispiel.de',
      street: 'Leopoldstraße 12',
      zip: '80802',
      city: 'München',
      country: 'Deutschland',
    });
  });

  it('reads an Android vCard 2.1 with QUOTED-PRINTABLE UTF-8 and soft line breaks, and leaves the fax out', () => {
    const fields = fieldsOf(
      crlf([
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=4D=C3=BC=6C=6C=65=72;=4A=C3=BC=72=67=65=6E;;;',
        'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=4A=C3=BC=72=67=65=6E=20=4D=C3=BC=6C=6C=65=72',
        'TEL;CELL:+491712345678',
        'TEL;FAX:08912345679',
        'TEL;WORK:08912345670',
        'EMAIL;WORK:juergen@beispiel.de',
        'ORG:Beispiel GmbH',
        'TITLE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=47=65=73=63=68=C3=A4=66=74=73=66=C3=BC=68=72=65=72',
        'ADR;WORK;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;=4C=65=6F=70=6F=6C=64=73=74=72=61=C3=9F=65=20=31=32;=4D=C3=BC=6E=',
        '=63=68=65=6E;;80802;',
        'END:VCARD',
      ]),
    );
    expect(fields).toMatchObject({
      firstName: 'Jürgen',
      lastName: 'Müller',
      jobTitle: 'Geschäftsführer',
      phone: '+49 89 12345670',
      mobile: '+49 171 2345678',
      street: 'Leopoldstraße 12',
      city: 'München',
      zip: '80802',
      country: null,
    });
  });

  it('reads an Outlook vCard 2.1 in Windows-1252 with bare type parameters', () => {
    const fields = fieldsOf(
      crlf([
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;LANGUAGE=de:Weißenfels;Lena',
        'FN:Lena Weißenfels',
        'ORG:Nordlicht Design GmbH',
        'TITLE:Art Director',
        'TEL;WORK;VOICE:+49 (40) 1234567',
        'TEL;CELL;VOICE:+49 (151) 23456789',
        'ADR;WORK;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:;;Gro=DFe Elbstra=DFe 5;Hamburg;;22767;Deutschland',
        'LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:Gro=DFe Elbstra=DFe 5=0D=0A=',
        'Hamburg 22767=0D=0A=',
        'Deutschland',
        'URL;WORK:http://www.nordlicht-design.de',
        'EMAIL;PREF;INTERNET:lena@nordlicht-design.de',
        'REV:20261128T101500Z',
        'END:VCARD',
      ]),
    );
    expect(fields).toEqual({
      firstName: 'Lena',
      lastName: 'Weißenfels',
      jobTitle: 'Art Director',
      company: 'Nordlicht Design GmbH',
      email: 'lena@nordlicht-design.de',
      phone: '+49 40 1234567',
      mobile: '+49 1512 3456789',
      website: 'http://www.nordlicht-design.de',
      street: 'Große Elbstraße 5',
      zip: '22767',
      city: 'Hamburg',
      country: 'Deutschland',
    });
  });

  it('reads a vCard 4.0 with tel: URIs, quoted type lists and an extended address', () => {
    const fields = fieldsOf(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Grace Thompson',
        'N:Thompson;Grace;;Dr.;',
        'KIND:individual',
        'ORG:Brightwater Analytics Ltd',
        'TITLE:Senior Data Scientist',
        'TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+44-20-7946-0123;ext=102',
        'TEL;VALUE=uri;TYPE="cell,voice,text":tel:+44-7911-123456',
        'EMAIL;TYPE=work:grace.thompson@brightwater.co.uk',
        'ADR;TYPE=work;LABEL="14 Deansgate\\nManchester M3 2BW":;Suite 4;14 Deansgate;Manchester;;M3 2BW;United Kingdom',
        'URL:https://brightwater.co.uk',
        'END:VCARD',
      ].join('\n'),
    );
    expect(fields).toEqual({
      firstName: 'Grace',
      lastName: 'Thompson',
      jobTitle: 'Senior Data Scientist',
      company: 'Brightwater Analytics Ltd',
      email: 'grace.thompson@brightwater.co.uk',
      phone: '+44 20 7946 0123',
      mobile: '+44 7911 123456',
      website: 'https://brightwater.co.uk',
      street: '14 Deansgate, Suite 4',
      zip: 'M3 2BW',
      city: 'Manchester',
      country: 'United Kingdom',
    });
  });

  it('unfolds folded lines and unescapes commas, semicolons and backslashes', () => {
    const fields = fieldsOf(
      crlf([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Schulze-Wendt;Petra',
        'ORG:Berger\\, Söhne\\; Partner KG;Einkauf',
        'TITLE:Leiterin Einkauf\\, Region Nord',
        'EMAIL:petra.schulze-wendt@berger-soe',
        ' hne-partner.de',
        'END:VCARD',
      ]),
    );
    expect(fields).toMatchObject({
      firstName: 'Petra',
      lastName: 'Schulze-Wendt',
      company: 'Berger, Söhne; Partner KG',
      jobTitle: 'Leiterin Einkauf, Region Nord',
      email: 'petra.schulze-wendt@berger-soehne-partner.de',
    });
  });

  it('splits FN when N is missing, dropping the title', () => {
    const fields = fieldsOf(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Dr. Anna-Lena von der Heide', 'TEL:0171 2345678', 'END:VCARD']));
    expect(fields).toMatchObject({ firstName: 'Anna-Lena', lastName: 'von der Heide', mobile: '+49 171 2345678', phone: null });
  });

  it("reads an event badge's vCard without VERSION and with its address as free text", () => {
    const fields = fieldsOf(
      crlf([
        'BEGIN:VCARD',
        'N:Carter;Emily',
        'ORG:Harbour & Finch',
        'TITLE:Head of Sales',
        'TEL:+1 415 555 0142',
        'EMAIL:emily.carter@harbourfinch.com',
        'ADR:500 Howard Street, San Francisco, CA 94105, USA',
        'END:VCARD',
      ]),
    );
    expect(fields).toMatchObject({
      firstName: 'Emily',
      lastName: 'Carter',
      company: 'Harbour & Finch',
      phone: '+1 415 555 0142',
      street: '500 Howard Street',
      city: 'San Francisco',
      zip: '94105',
      country: 'USA',
    });
  });

  it('takes the first vCard of a file with several', () => {
    const one = crlf(['BEGIN:VCARD', 'VERSION:3.0', 'N:Vogel;Hannah', 'END:VCARD']);
    const two = crlf(['BEGIN:VCARD', 'VERSION:3.0', 'N:Fuchs;Tobias', 'END:VCARD']);
    expect(fieldsOf(`${one}\r\n${two}`)).toMatchObject({ firstName: 'Hannah', lastName: 'Vogel' });
  });

  it('skips a base64 photo', () => {
    const fields = fieldsOf(crlf(['BEGIN:VCARD', 'VERSION:3.0', 'N:Vogel;Hannah', 'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ', 'END:VCARD']));
    expect(fields.lastName).toBe('Vogel');
  });
});

describe('parseCode: MECARD, BIZCARD, mailto:, tel:', () => {
  it('reads a MECARD with "Last,First" and escaped characters, as badge systems print it', () => {
    expect(
      fieldsOf(
        'MECARD:N:Yılmaz,Mehmet;ORG:Elbwerk Maschinenbau AG;TITLE:Vertriebsingenieur;TEL:+49 40 1234567;EMAIL:m.yilmaz@elbwerk.de;URL:https\\://www.elbwerk.de;;',
      ),
    ).toEqual(
      expect.objectContaining({
        firstName: 'Mehmet',
        lastName: 'Yılmaz',
        company: 'Elbwerk Maschinenbau AG',
        jobTitle: 'Vertriebsingenieur',
        phone: '+49 40 1234567',
        email: 'm.yilmaz@elbwerk.de',
        website: 'https://www.elbwerk.de',
      }),
    );
  });

  it('reads a MECARD whose name has no comma and whose address is one line', () => {
    expect(fieldsOf('MECARD:N:Sophie Krüger;TEL:015112345678;ADR:Hohe Straße 14, 50667 Köln;;')).toMatchObject({
      firstName: 'Sophie',
      lastName: 'Krüger',
      mobile: '+49 1511 2345678',
      street: 'Hohe Straße 14',
      zip: '50667',
      city: 'Köln',
    });
  });

  it('reads a BIZCARD, fax left out', () => {
    expect(
      fieldsOf(
        'BIZCARD:N:Oliver;X:Bennett;T:Software Engineer;C:Northwind Robotics Inc.;A:350 Fifth Avenue, New York, NY 10118;B:+12125550142;F:+12125550143;E:oliver@northwindrobotics.com;;',
      ),
    ).toEqual({
      firstName: 'Oliver',
      lastName: 'Bennett',
      jobTitle: 'Software Engineer',
      company: 'Northwind Robotics Inc.',
      email: 'oliver@northwindrobotics.com',
      phone: '+1 212 555 0142',
      mobile: null,
      website: null,
      street: '350 Fifth Avenue',
      zip: '10118',
      city: 'New York',
      country: null,
    });
  });

  it('reads mailto: (percent-escapes, query and further addresses dropped) and MATMSG:', () => {
    expect(fieldsOf('mailto:j%C3%BCrgen@beispiel.de,other@beispiel.de?subject=Messe').email).toBe('jürgen@beispiel.de');
    expect(fieldsOf('MATMSG:TO:info@elbwerk.de;SUB:Messe;BODY:Hallo;;').email).toBe('info@elbwerk.de');
  });

  it('reads tel: into mobile or phone by the number', () => {
    expect(fieldsOf('tel:+49-171-2345678')).toMatchObject({ mobile: '+49 171 2345678', phone: null });
    expect(fieldsOf('tel:+49-30-1234567;ext=12')).toMatchObject({ phone: '+49 30 1234567', mobile: null });
  });
});

describe("parseCode: the product's own addresses", () => {
  const linkOf = (text: string) => (parseCode(text, { publicUrl: PUBLIC_URL }) as Extract<ParsedCode, { format: 'product-link' }>).link;

  it('recognises card, profile and short-link addresses of the product (D3 and SPEC 2)', () => {
    expect(linkOf('https://cards.example.de/card/Ab12Cd34')).toEqual({ kind: 'card', cardId: 'Ab12Cd34' });
    expect(linkOf('https://cards.example.de/public-profile/Ab12Cd34')).toEqual({ kind: 'card', cardId: 'Ab12Cd34' });
    expect(linkOf('http://cards.example.de/?id=Ab12Cd34')).toEqual({ kind: 'card', cardId: 'Ab12Cd34' });
    expect(linkOf('https://cards.example.de/p/Xy98/')).toEqual({ kind: 'profile', profileId: 'Xy98' });
    expect(linkOf('https://cards.example.de/l/anna')).toEqual({ kind: 'short-link', shortLinkId: 'anna' });
  });

  it("refuses another host's address as no contact format", () => {
    expect(problemOf('https://elsewhere.example.com/card/Ab12Cd34')).toBe('unknown-format');
    expect(problemOf('https://cards.example.de/profile/Ab12Cd34')).toBe('unknown-format');
  });
});

describe('parseCode: what it refuses, naming the problem', () => {
  it('refuses text over 8 KB', () => {
    expect(problemOf(`BEGIN:VCARD\nNOTE:${'x'.repeat(8 * 1024)}\nEND:VCARD`)).toBe('too-long');
  });

  it('refuses empty text', () => {
    expect(problemOf('  \r\n ')).toBe('empty');
  });

  it("refuses an event system's own id and plain text", () => {
    expect(problemOf('SBpax001')).toBe('unknown-format');
    expect(problemOf('1234567890123456789001')).toBe('unknown-format');
  });

  it('refuses a cut-off vCard, a line without a colon and a broken QUOTED-PRINTABLE escape', () => {
    expect(problemOf('BEGIN:VCARD\nVERSION:3.0\nN:Vogel;Hannah')).toBe('broken');
    expect(problemOf('BEGIN:VCARD\nVERSION:3.0\nN Vogel\nEND:VCARD')).toBe('broken');
    expect(problemOf('BEGIN:VCARD\nVERSION:2.1\nN;ENCODING=QUOTED-PRINTABLE:Vogel=ZZ\nEND:VCARD')).toBe('broken');
    expect(problemOf('mailto:anna%ZZ@example.de')).toBe('broken');
    expect(problemOf('MECARD:N:Vogel,Hannah;TEL;;')).toBe('broken');
  });

  it('refuses a code without a name, e-mail address or phone number', () => {
    expect(problemOf('BEGIN:VCARD\nVERSION:3.0\nORG:Elbwerk AG\nEND:VCARD')).toBe('no-contact');
    expect(problemOf('mailto:?subject=Hallo')).toBe('no-contact');
  });

  it('says what is wrong in its message', () => {
    expect(() => parseCode('BEGIN:VCARD\nN:Vogel', { publicUrl: PUBLIC_URL })).toThrow(/END:VCARD/);
  });
});
