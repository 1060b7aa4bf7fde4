import { describe, expect, it } from 'vitest';
import { csvRows, parseInviteeCsv } from './invitee-csv.ts';

describe('parseInviteeCsv', () => {
  it('reads the English header in any order, with quoted cells holding separators and quotes', () => {
    const csv = 'lastName,email,firstName,jobTitle\nBerg,Anna@Example.org,Anna,"Head of Sales, EMEA"\n"O""Neil",tom@example.org,Tom,\n';
    expect(parseInviteeCsv(csv)).toEqual({
      invitees: [
        { email: 'anna@example.org', firstName: 'Anna', lastName: 'Berg', jobTitle: 'Head of Sales, EMEA' },
        { email: 'tom@example.org', firstName: 'Tom', lastName: 'O"Neil', jobTitle: '' },
      ],
      refused: [],
    });
  });

  it('reads German headers with semicolons (a German spreadsheet’s export) and Windows line ends', () => {
    const csv = 'E-Mail-Adresse;Vorname;Nachname;Position\r\nmia@example.de;Mia;Müller;Vertrieb\r\n';
    expect(parseInviteeCsv(csv).invitees).toEqual([{ email: 'mia@example.de', firstName: 'Mia', lastName: 'Müller', jobTitle: 'Vertrieb' }]);
  });

  it('takes email, first name, last name and job title in that order without a header, and a bare address list', () => {
    expect(parseInviteeCsv('a@example.org\tAnn\tLee\tCTO').invitees).toEqual([{ email: 'a@example.org', firstName: 'Ann', lastName: 'Lee', jobTitle: 'CTO' }]);
    expect(parseInviteeCsv('a@example.org\n\nb@example.org\n').invitees.map((i) => i.email)).toEqual(['a@example.org', 'b@example.org']);
  });

  it('reports each refused line with its number: no address, a too long job title, an address twice; the good ones stay', () => {
    const csv = [
      'email,firstName,lastName,jobTitle',
      'anna@example.org,Anna,,',
      'not-an-address,Ben,,',
      `cem@example.org,Cem,,${'x'.repeat(201)}`,
      'ANNA@example.org,Anna,,',
    ].join('\n');
    const result = parseInviteeCsv(csv);
    expect(result.invitees.map((i) => i.email)).toEqual(['anna@example.org']);
    expect(result.refused).toEqual([
      { line: 3, email: 'not-an-address', error: 'email' },
      { line: 4, email: 'cem@example.org', error: 'jobTitle' },
      { line: 5, email: 'anna@example.org', error: 'duplicate' },
    ]);
  });

  it('refuses lines past the 100 one invitation call takes', () => {
    const csv = Array.from({ length: 102 }, (_, i) => `p${i}@example.org`).join('\n');
    const result = parseInviteeCsv(csv);
    expect(result.invitees).toHaveLength(100);
    expect(result.refused.map((r) => [r.line, r.error])).toEqual([
      [101, 'too-many'],
      [102, 'too-many'],
    ]);
  });
});

describe('csvRows', () => {
  it('keeps the first line number of a row whose quoted cell spans lines, and skips blank lines', () => {
    expect(csvRows('a,"b\nc"\n\nd,e')).toEqual([
      { line: 1, cells: ['a', 'b\nc'] },
      { line: 4, cells: ['d', 'e'] },
    ]);
  });
});
