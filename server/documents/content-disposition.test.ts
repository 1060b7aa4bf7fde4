import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName, toAsciiFileName } from './content-disposition.ts';

/** Reads both parameters back the way a browser does (RFC 6266 4.3: `filename*` wins). */
function readHeader(header: string): { type: string; filename: string; filenameStar: string } {
  const match = /^(\w+); filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(header);
  expect(match, header).not.toBeNull();
  return { type: match![1], filename: match![2], filenameStar: decodeURIComponent(match![3]) };
}

describe('contentDisposition', () => {
  it('offers a German name as an attachment with an ASCII fallback and the exact UTF-8 name', () => {
    const header = contentDisposition('Jürgen Größe-Übermühl.vcf');
    expect(header).toBe(`attachment; filename="Juergen Groesse-Uebermuehl.vcf"; filename*=UTF-8''J%C3%BCrgen%20Gr%C3%B6%C3%9Fe-%C3%9Cberm%C3%BChl.vcf`);
    expect(readHeader(header)).toEqual({
      type: 'attachment',
      filename: 'Juergen Groesse-Uebermuehl.vcf',
      filenameStar: 'Jürgen Größe-Übermühl.vcf',
    });
  });

  it('percent-encodes the characters RFC 5987 does not allow bare', () => {
    const header = contentDisposition("O'Brien (Sales) *.vcf");
    expect(header).toContain("filename*=UTF-8''O%27Brien%20%28Sales%29%20_.vcf");
    expect(readHeader(header).filenameStar).toBe("O'Brien (Sales) _.vcf");
  });

  it('cannot be broken out of by quotes, backslashes, line breaks or paths', () => {
    const header = contentDisposition('a"; filename="evil.exe\r\nSet-Cookie: x=1\\..\\../b.vcf');
    expect(header).not.toMatch(/[\r\n]/);
    const { filename, filenameStar } = readHeader(header);
    expect(filename).not.toMatch(/[/\\"]/);
    expect(filenameStar).not.toMatch(/[/\\"\r\n]/);
  });

  it('uses the given ASCII fallback when there is one', () => {
    expect(readHeader(contentDisposition('张伟.vcf', 'Contact.vcf'))).toMatchObject({
      filename: 'Contact.vcf',
      filenameStar: '张伟.vcf',
    });
  });
});

describe('toAsciiFileName', () => {
  it('transliterates German, drops other accents and replaces what is left', () => {
    expect(toAsciiFileName('Größe Ärger ẞ.vcf')).toBe('Groesse Aerger SS.vcf');
    expect(toAsciiFileName('Renée Çelik Łukasz.vcf')).toBe('Renee Celik Lukasz.vcf');
    expect(toAsciiFileName('Zoë 100% 😀 ok.ics')).toBe('Zoe 100_ _ ok.ics');
  });

  it('falls back to the default name, keeping the extension, when no letter or digit survives', () => {
    expect(toAsciiFileName('张伟.vcf', 'Contact')).toBe('Contact.vcf');
    expect(toAsciiFileName('😀.ics')).toBe('download.ics');
  });
});

describe('sanitizeFileName', () => {
  it('keeps letters of every script and removes what could leave the folder', () => {
    expect(sanitizeFileName('张伟.vcf')).toBe('张伟.vcf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitizeFileName('  ...  ')).toBe('download');
  });
});

describe('contentDisposition of plain names', () => {
  it('sends a name of letters, digits, dots and dashes as the plain filename alone', () => {
    expect(contentDisposition('WalletCard-Ab3xY9.pkpass')).toBe('attachment; filename="WalletCard-Ab3xY9.pkpass"');
    expect(contentDisposition('leads-2026-11-25.csv')).toBe('attachment; filename="leads-2026-11-25.csv"');
  });

  it('keeps the UTF-8 variant when the plain name differs or needs encoding', () => {
    expect(contentDisposition('Reminder.ics', 'Other.ics')).toBe(`attachment; filename="Other.ics"; filename*=UTF-8''Reminder.ics`);
    expect(contentDisposition('Anna Schmidt.vcf')).toBe(`attachment; filename="Anna Schmidt.vcf"; filename*=UTF-8''Anna%20Schmidt.vcf`);
  });
});
