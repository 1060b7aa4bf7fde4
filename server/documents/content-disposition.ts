/**
 * Download file names for the Content-Disposition header (RFC 6266) with an RFC 5987 UTF-8
 * variant, so "Jürgen Größe.vcf" arrives intact in current browsers and as
 * "Juergen Groesse.vcf" in clients that only read the plain `filename`.
 */

// German transliteration first: NFKD alone would turn "ü" into "u", which reads wrong to a
// German user ("Muller" instead of "Mueller").
const TRANSLITERATION: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'Oe',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
};

// Path separators and characters Windows refuses in names; control characters could split the header.
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * Makes a name usable as a file name in any file system: path separators, control characters
 * and the characters Windows refuses become `_`, and surrounding dots and spaces go, so the
 * result can never point into another folder. Letters of every script are kept.
 */
export function sanitizeFileName(name: string, defaultName = 'download'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : defaultName;
}

/**
 * The ASCII fallback of a file name: umlauts transliterated, other accents dropped, every
 * other non-ASCII run and `%` (which some browsers percent-decode in `filename`) replaced by
 * `_`. Keeps the extension; a name left with no letter or digit becomes `defaultBase`.
 */
export function toAsciiFileName(name: string, defaultBase = 'download'): string {
  const safe = sanitizeFileName(name, defaultBase);
  const ascii = safe
    // eslint-disable-next-line no-control-regex -- control characters are what this matches
    .replace(/[^\u0000-\u007f]/g, (char) => TRANSLITERATION[char] ?? char)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\u0020-\u007e]+|%/g, '_')
    .replace(UNSAFE_IN_FILE_NAME, '_')
    .replace(/_+/g, '_')
    .trim();
  const dot = ascii.lastIndexOf('.');
  const base = dot > 0 ? ascii.slice(0, dot) : ascii;
  const extension = dot > 0 ? ascii.slice(dot) : '';
  return /[A-Za-z0-9]/.test(base) ? ascii : `${defaultBase}${extension}`;
}

// RFC 5987 attr-char leaves ' ( ) * unreserved, encodeURIComponent does not encode them.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A Content-Disposition value that offers the file as a download:
 * `attachment; filename="<ascii>"; filename*=UTF-8''<percent-encoded>`.
 * `asciiFallback` overrides the derived plain name (a builder may have a better default word).
 * A name of letters, digits, dots and dashes only (`WalletCard-Ab3.pkpass`) reads the same in
 * both parameters, so it gets the plain `filename` alone (RFC 6266 appendix D).
 */
export function contentDisposition(fileName: string, asciiFallback?: string): string {
  const utf8Name = sanitizeFileName(fileName);
  const fallback = toAsciiFileName(asciiFallback ?? utf8Name);
  const plain = `attachment; filename="${fallback}"`;
  return fallback === utf8Name && PLAIN_FILE_NAME.test(utf8Name) ? plain : `${plain}; filename*=UTF-8''${encodeRfc5987(utf8Name)}`;
}

/** A file name that needs no encoding anywhere. */
const PLAIN_FILE_NAME = /^[A-Za-z0-9._-]+$/;
