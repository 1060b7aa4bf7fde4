import type { Generated, Selectable } from 'kysely';

/** Issue 36's columns of `lead` (migration 026); `LeadTable` in tables.ts extends them. */
export interface CapturedLeadColumns {
  /** Issue 36 (migration 026): `form` for a visitor's, else how the owner captured it (paper, badge, qr, manual). */
  method: Generated<string>;
  /** The owner's note and tags (a JSON array of strings) of a capture; the event it was captured at ('' none). */
  note: Generated<string>;
  tags: Generated<string>;
  eventId: Generated<string>;
  /** A capture's further fields ('' when not given). */
  firstName: Generated<string>;
  lastName: Generated<string>;
  jobTitle: Generated<string>;
  mobile: Generated<string>;
  website: Generated<string>;
  street: Generated<string>;
  zip: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  /** When the phone captured it (epoch ms); null for a visitor's lead. */
  capturedAt?: number | null;
  /** The phone's id of the capture, unique per capturing account (`capturedBy`): a capture sent again is stored once. */
  clientId?: string | null;
  capturedBy?: string | null;
}

/** Issue 36 (migration 026): an event captures are grouped by, one account's (`userId`) or an organisation's. */
export interface CaptureEventTable {
  id: string;
  userId: string | null;
  organisationId: string | null;
  /** Who made it; null once that account is deleted. */
  createdBy: string | null;
  name: string;
  /** ISO dates (YYYY-MM-DD), the first and last day. */
  startsOn: string;
  endsOn: string;
  created: number;
  updated: number;
}
export type CaptureEventRow = Selectable<CaptureEventTable>;

/** Issue 36 (migration 030): the owner's follow-up texts per language ('' = the default text) and meeting link. */
export interface CaptureFollowUpSettingsTable {
  userId: string;
  meetingLink: Generated<string>;
  subjectDe: Generated<string>;
  bodyDe: Generated<string>;
  subjectEn: Generated<string>;
  bodyEn: Generated<string>;
  updated: number;
}

/** Issue 36 (migration 030): one follow-up mail asked for; the outbox sends it and sets `sentAt`. */
export interface CaptureFollowUpTable {
  id: string;
  leadId: string;
  userId: string;
  language: string;
  created: number;
  sentAt: number | null;
}
