import { readFileSync } from 'node:fs';
import type { LeadStatus } from '../../../shared/schemas/lead.schema.ts';
import type { LeadMethod } from '../../../shared/schemas/capture-save.schema.ts';
import { LANGUAGES, type Language } from '../../../shared/schemas/profile.schema.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';

/** What a lead's codes are called in one language: the words the owner app's contacts screen shows. */
export interface LeadLabels {
  /** The sheet's name: the contacts screen's title. */
  title: string;
  status: Record<LeadStatus, string>;
  source: Record<VisitSource, string>;
  language: Record<Language, string>;
  /** Issue 36: how a lead came in. */
  method: Record<LeadMethod, string>;
  /** Issue 38: what a yes column (met in person) says when it holds; it is empty when not. */
  yes: string;
}

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);
const read = (lng: Language, ns: string) => JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, LOCALES_DIR), 'utf8')) as Record<string, unknown>;

/**
 * Issue 35: the labels of the `.xlsx` export, read once from the same translation files the owner
 * app loads (`leads.json`: the status and source names of the contacts screen; `languages.json`:
 * the language names), so the spreadsheet says what the screen says.
 */
const LABELS = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const leads = read(lng, 'leads');
    const languages = read(lng, 'languages');
    return [
      lng,
      {
        title: leads.title as string,
        status: leads.status as LeadLabels['status'],
        source: leads.source as LeadLabels['source'],
        method: leads.method as LeadLabels['method'],
        yes: leads.yes as string,
        language: Object.fromEntries(LANGUAGES.map((l) => [l, languages[l] as string])) as LeadLabels['language'],
      },
    ];
  }),
) as Record<Language, LeadLabels>;

/** The labels in `language`. */
export function leadLabels(language: Language): LeadLabels {
  return LABELS[language];
}
