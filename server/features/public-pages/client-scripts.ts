import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A script to inline into a page, with the CSP source that allows exactly it. */
export interface ClientScript {
  code: string;
  /** `'sha256-…'` for the Content-Security-Policy's script-src. */
  cspSource: string;
}

/** The CSP source of an inline script or style: the base64 SHA-256 of its exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Drops whole-line `//` comments, indentation and blank lines. Deliberately no more than
 * that: a line-based pass cannot break a string or a regular expression, and the scripts
 * are written for it (one statement per line, comments on their own lines).
 */
export function compactScript(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join('\n');
}

function load(file: string): ClientScript {
  const code = compactScript(readFileSync(new URL(file, import.meta.url), 'utf8'));
  return { code, cspSource: cspHash(code) };
}

/** The public pages' enhancement scripts, read and hashed once at start. */
export const CLIENT_SCRIPTS = {
  profile: load('./profile.client.js'),
  cardInvite: load('./card-invite.client.js'),
  linkTree: load('./link-tree.client.js'),
} as const;
