import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/schemas/operator.schema.ts';
import { APP_LANGUAGES, NAMESPACES } from './namespaces.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');

type Json = { [key: string]: string | Json };

function read(lng: string, ns: string): Json {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')) as Json;
}

/** Every leaf as `a.b.c` → text. */
function flatten(tree: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** `{{name}}` variables and `<tag>` components of a text, which must survive translation. */
function placeholders(text: string): string[] {
  const vars = [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?([\w]+)>/g)].map((m) => `<${m[1]}>`);
  return [...vars, ...tags].sort();
}

describe('translation files (SPEC 7 namespaces, both languages)', () => {
  it('has a file for every namespace in every language, and no stray files', () => {
    for (const lng of APP_LANGUAGES) {
      const files = fs
        .readdirSync(path.join(LOCALES_DIR, lng))
        .filter((f) => f.endsWith('.json'))
        .sort();
      expect(files, `locales/${lng}`).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const de = flatten(read('de', ns));
      const en = flatten(read('en', ns));

      it('has every key in both languages', () => {
        const missingInDe = [...en.keys()].filter((k) => !de.has(k));
        const missingInEn = [...de.keys()].filter((k) => !en.has(k));
        expect({ missingInDe, missingInEn }).toEqual({ missingInDe: [], missingInEn: [] });
      });

      it('has no blank text', () => {
        const blank = [...de, ...en].filter(([, text]) => !text.trim()).map(([key]) => key);
        expect(blank).toEqual([]);
      });

      it('keeps the same variables and markup in both languages', () => {
        const differing = [...en.keys()].filter((k) => de.has(k)).filter((k) => placeholders(en.get(k)!).join() !== placeholders(de.get(k)!).join());
        expect(differing).toEqual([]);
      });
    });
  }

  it("names every action of the operator's audit log in both languages (else the console shows the raw code)", () => {
    for (const lng of APP_LANGUAGES) {
      const operator = flatten(read(lng, 'operator'));
      expect(
        AUDIT_ACTIONS.filter((action) => !operator.has(`audit_action.${action}`)),
        `locales/${lng}/operator.json`,
      ).toEqual([]);
    }
  });

  it('addresses German readers formally (STYLE: "Sie" throughout)', () => {
    const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner)\b/i;
    const offenders = NAMESPACES.flatMap((ns) => [...flatten(read('de', ns))].filter(([, text]) => informal.test(text)).map(([key]) => `${ns}:${key}`));
    expect(offenders).toEqual([]);
  });
});
