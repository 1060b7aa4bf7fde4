import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, escapeText, foldLine, joinLines, refold } from './content-line.ts';
import { expectWellFormedLines } from './documents.test-support.ts';

// Characters of every UTF-8 width, plus the ones escaping is about.
const trickyChar = fc.constantFrom('a', 'Z', ' ', 'ä', 'ß', '€', '—', '😀', '𝄞', ',', ';', ':', '\\', '\n');

describe('foldLine', () => {
  it('leaves a line of exactly 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('moves a two-octet character to the next line instead of splitting it', () => {
    const folded = foldLine(`${'x'.repeat(74)}ü`);
    expect(folded).toBe(`${'x'.repeat(74)}\r\n ü`);
  });

  it('keeps every physical line within 75 octets, valid on its own, and unfolds to the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: trickyChar, maxLength: 400 }), (value) => {
        const line = `NOTE:${value.replace(/\n/g, '\\n')}`;
        const folded = foldLine(line);
        expectWellFormedLines(`${folded}\r\n`);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });
});

describe('escapeText', () => {
  it('escapes backslash, comma, semicolon and newline, the backslash only once', () => {
    expect(escapeText('a\\b,c;d\ne')).toBe('a\\\\b\\,c\\;d\\ne');
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });
});

describe('cleanText', () => {
  it('turns CRLF and CR into LF, drops other control characters and trims', () => {
    expect(cleanText('  a\r\nb\rc\u0000d\te\u007f  ')).toBe('a\nb\ncde');
    expect(cleanText(' \t\r\n ')).toBe('');
    expect(cleanText(undefined)).toBe('');
  });
});

describe('refold', () => {
  it('re-folds tab-folded, character-counted lines by octets without changing their content', () => {
    const logical = `DESCRIPTION:${'ä'.repeat(80)}`;
    const tabFolded = `BEGIN:X\r\n${logical.slice(0, 75)}\r\n\t${logical.slice(75)}\r\nEND:X\r\n`;
    const result = refold(tabFolded);
    expectWellFormedLines(result);
    expect(result.replace(/\r\n /g, '')).toBe(`BEGIN:X\r\n${logical}\r\nEND:X\r\n`);
    expect(result).toBe(joinLines(['BEGIN:X', logical, 'END:X']));
  });
});
