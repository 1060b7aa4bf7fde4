import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../shared/schemas/lead.schema.ts';
import { buildLeadsCsv, LEADS_CSV_COLUMNS, neutraliseFormula, zonedDateTime } from './leads-csv.builder.ts';

// The CSV export's pure parts, beside the code (issue 21); the call itself is
// test/api/leads.test.ts (GET /download/leads.csv).

// 2026-03-29 00:30 UTC: 01:30 in Berlin (CET), one and a half hours before the clocks go forward.
const MARCH_29 = Date.UTC(2026, 2, 29, 0, 30, 0);

function lead(fields: Partial<Lead> = {}): Lead {
  return {
    id: 'lead1',
    profileId: 'prof1',
    profileName: 'Messe',
    email: 'anna@example.com',
    name: 'Anna Schmidt',
    phone: '+49 170 1234567',
    company: 'Beispiel GmbH',
    message: '',
    status: 'new',
    source: 'nfc',
    cardId: '',
    metInPerson: false,
    language: 'de',
    consentText: 'Ich willige ein.',
    consentVersion: '2026-11-25',
    consentAt: MARCH_29,
    created: MARCH_29,
    createdIso: new Date(MARCH_29).toISOString(),
    method: 'form',
    note: '',
    tags: [],
    eventId: '',
    eventName: '',
    capturedAt: null,
    firstName: '',
    lastName: '',
    jobTitle: '',
    mobile: '',
    website: '',
    street: '',
    zip: '',
    city: '',
    country: '',
    ...fields,
  };
}

describe('neutraliseFormula (what a spreadsheet must not run)', () => {
  it('puts an apostrophe before a cell a spreadsheet would read as a formula', () => {
    for (const value of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it('writes a phone number exactly as typed, with no apostrophe or invisible mark to travel into an import (issue 35)', () => {
    expect(neutraliseFormula('+49 170 1234567')).toBe('+49 170 1234567');
    expect(neutraliseFormula('+49 (0) 30/123-45.6')).toBe('+49 (0) 30/123-45.6');
    // Looks like a number but carries a formula: still defused as one.
    expect(neutraliseFormula('+49=1')).toBe(`'+49=1`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('Anna Schmidt')).toBe('Anna Schmidt');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('zonedDateTime (times as the owner’s clock showed them)', () => {
  it('writes the time in the given zone as YYYY-MM-DD HH:MM:SS', () => {
    expect(zonedDateTime(MARCH_29, 'UTC')).toBe('2026-03-29 00:30:00');
    expect(zonedDateTime(MARCH_29, 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
    expect(zonedDateTime(MARCH_29 + 2 * 3_600_000, 'Europe/Berlin')).toBe('2026-03-29 04:30:00');
  });
});

describe('buildLeadsCsv (GET /download/leads.csv)', () => {
  it('answers UTF-8 with BOM and CRLF rows, headers in the owner’s language, times in their zone', () => {
    const csv = buildLeadsCsv([lead({ name: '=HYPERLINK("http://evil.example","click")', message: 'Zeile 1\nZeile 2' })], 'de', 'Europe/Berlin');
    expect(csv.startsWith('\ufeff')).toBe(true);
    const rows = csv.slice(1).split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toBe('');
    const header = rows[0]!.split(',');
    expect(header).toHaveLength(LEADS_CSV_COLUMNS.length);
    expect(header[0]).toBe('"Eingegangen (Europe/Berlin)"');
    expect(header).toContain('"Einwilligung am (Europe/Berlin)"');
    expect(rows[1]).toContain('"2026-03-29 01:30:00"');
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(rows[1]).toContain('"Zeile 1\nZeile 2"');
    expect(rows[1]).toContain('"+49 170 1234567"');
    // Nothing invisible in any cell: only the BOM before the header, which importers read as the encoding's mark.
    expect(csv.slice(1)).not.toMatch(/[\u200b-\u200f\u2060\ufeff]/);
  });

  it('puts leading columns first, defused like every other cell, and leaves a missing consent time empty', () => {
    const csv = buildLeadsCsv([lead({ consentAt: null })], 'en', 'UTC', [{ header: { de: 'Mitglied', en: 'Member' }, value: () => '=evil' }]);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header!.startsWith('"Member","Received (UTC)"')).toBe(true);
    expect(row!.startsWith(`"'=evil","2026-03-29 00:30:00"`)).toBe(true);
    const consentAt = LEADS_CSV_COLUMNS.findIndex(([key]) => key === 'consentAt');
    expect(row!.split(',')[consentAt + 1]).toBe('""');
  });
});
