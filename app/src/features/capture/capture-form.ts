import { CAPTURE_FIELD_NAMES, type CaptureFieldName, type CaptureFields } from '../../../../shared/schemas/capture.schema.ts';
import type { CaptureMethod, CaptureSaveInput } from '../../../../shared/schemas/capture-save.schema.ts';

/** What the review form holds: the twelve fields as text, and the owner's note, tags and event. */
export interface CaptureDraft {
  clientId: string;
  method: CaptureMethod;
  capturedAt: number;
  fields: Record<CaptureFieldName, string>;
  note: string;
  tags: string;
  eventId: string;
  /** The profile that keeps it ('' = the server's choice: the event's organisation's company profile, else the first). */
  profileId: string;
}

/** A new capture: its own id (the server keeps it once per id), the time it was begun. */
export function newDraft(method: CaptureMethod, fields?: Partial<CaptureFields>, eventId = '', profileId = ''): CaptureDraft {
  const values = Object.fromEntries(CAPTURE_FIELD_NAMES.map((name) => [name, fields?.[name] ?? ''])) as Record<CaptureFieldName, string>;
  return { clientId: crypto.randomUUID(), method, capturedAt: Date.now(), fields: values, note: '', tags: '', eventId, profileId };
}

/** The tags as typed: comma-separated, trimmed, empty ones and repeats dropped, at most ten. */
export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ].slice(0, 10);
}

/** Whether the server will take it: at least an e-mail address, a phone number or a name. */
export function hasContact(draft: CaptureDraft): boolean {
  const f = draft.fields;
  return [f.email, f.phone, f.mobile, f.firstName, f.lastName].some((v) => v.trim());
}

/** The body of POST /capture/save; the person's language is the server's guess from the card (the follow-up may choose). */
export function saveBody(draft: CaptureDraft): CaptureSaveInput {
  return {
    clientId: draft.clientId,
    method: draft.method,
    capturedAt: draft.capturedAt,
    ...draft.fields,
    note: draft.note,
    tags: tagsOf(draft.tags),
    eventId: draft.eventId || null,
    profileId: draft.profileId || null,
  };
}
