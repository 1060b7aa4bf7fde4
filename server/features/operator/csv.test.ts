import { describe, expect, it } from 'vitest';
import { auditCsv, csvCell } from './operator-csv.builder.ts';

describe('operator CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('writes the audit log with a BOM, a header and ISO times', () => {
    const text = auditCsv([
      { id: 'x', at: Date.UTC(2026, 0, 2, 3, 4, 5), operator: 'op@example.com', action: 'block', target: 'ABC', reason: 'lost, said the owner' },
    ]);
    expect(text).toBe('\uFEFFat,operator,action,target,reason\r\n2026-01-02T03:04:05.000Z,op@example.com,block,ABC,"lost, said the owner"\r\n');
  });
});
