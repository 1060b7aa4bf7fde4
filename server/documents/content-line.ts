/**
 * Content lines as vCard 3.0 (RFC 2426) and iCalendar (RFC 5545) share them: escaped text,
 * lines folded at 75 octets, CRLF endings. Both downloadable files are built on these helpers
 * so the two formats cannot drift apart on the details that phone clients are strict about.
 */

/** Longest physical line in octets, CRLF not counted (RFC 2425 5.8.1, RFC 5545 3.1). */
export const MAX_LINE_OCTETS = 75;

/** Line ending both formats require; a bare LF makes Outlook merge properties. */
export const CRLF = '\r\n';

/**
 * Normalises a free-text field before it is written: line breaks become `\n`, other control
 * characters are dropped (they cannot be escaped in either format), and the ends are trimmed
 * so a value of only spaces counts as blank.
 */
export function cleanText(value: string | null | undefined): string {
  if (!value) return '';
  return (
    value
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this matches
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

/**
 * Escapes a TEXT value: backslash, comma, semicolon and newline (RFC 2426 4, RFC 5545 3.3.11).
 * The backslash goes first, or the escapes added for the others would be doubled.
 */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one logical line into physical lines of at most 75 octets each. Breaks fall between
 * code points, never inside a UTF-8 sequence: a split "ü" shows up as two replacement
 * characters in Outlook and older Android importers, which decode each physical line alone.
 * A continuation line starts with one space, and that space counts toward its 75 octets.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = MAX_LINE_OCTETS;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** Joins logical lines into a file body: each folded, each ended by CRLF (the last one too). */
export function joinLines(lines: readonly string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join('');
}

/**
 * Re-folds text written by another generator by octets. The `ics` package folds at 75
 * characters, so a line with umlauts can exceed 75 octets; unfolding first restores the
 * logical lines exactly, since folding only ever inserts CRLF plus one space or tab.
 */
export function refold(text: string): string {
  const logical = text.replace(/\r\n[ \t]/g, '').split(CRLF);
  if (logical.at(-1) === '') logical.pop();
  return joinLines(logical);
}
