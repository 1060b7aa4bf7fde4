import { CAPTURE_FIELD_NAMES, type CaptureFields } from '../../../shared/schemas/capture.schema.ts';

export type { CaptureFields } from '../../../shared/schemas/capture.schema.ts';

/** Longest value of one field: a card's line is far shorter; more is noise or an attack on the review form. */
const MAX_FIELD_LENGTH = 200;

/** All twelve fields, none found yet. */
export function emptyFields(): CaptureFields {
  return Object.fromEntries(CAPTURE_FIELD_NAMES.map((name) => [name, null])) as CaptureFields;
}

/** A value as a field holds it: trimmed, inner runs of white space made one space, `null` when nothing is left. */
export function tidy(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value
    // Control characters (a code can carry any byte) become spaces.
    // eslint-disable-next-line no-control-regex -- matching them is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, MAX_FIELD_LENGTH) : null;
}

/** The fields with every value tidied: what the reader and the parser answer. */
export function tidyFields(fields: Partial<CaptureFields>): CaptureFields {
  const result = emptyFields();
  for (const name of CAPTURE_FIELD_NAMES) result[name] = tidy(fields[name]);
  return result;
}
