import { describe, expect, it } from 'vitest';
import { buildAuditCsv, csvCell } from './audit-csv.builder.ts';

describe('audit log CSV', () => {
  it('writes a BOM, headers in the language and one quoted row per entry', () => {
    const csv = buildAuditCsv([{ created: 0, actorEmail: 'a@x.de', action: 'member.remove', target: 'b@x.de', detail: 'say "hi", ok' }], 'de');
    expect(csv).toBe(
      '\ufeff"Zeit","Handelnde Person","Aktion","Ziel","Details"\r\n"1970-01-01T00:00:00.000Z","a@x.de","member.remove","b@x.de","say ""hi"", ok"\r\n',
    );
  });
  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUM(1)')).toBe('"\'@SUM(1)"');
    expect(csvCell('Acme')).toBe('"Acme"');
  });
});
