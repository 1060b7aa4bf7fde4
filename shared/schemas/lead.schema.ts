import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { LANGUAGES } from './profile.schema.ts';
import { VISIT_SOURCES, visitSourceSchema } from './visit-source.schema.ts';
import { LEAD_METHODS } from './capture-save.schema.ts';

/** A lead's follow-up state in the owner app (issue 12): new until the owner marks it. */
export const LEAD_STATUSES = ['new', 'followedUp'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/**
 * Version of the consent line above the contact form's send button (`contact_consent` in
 * locales/{de,en}/profile.json). Bump it whenever either wording changes: each lead stores the
 * text it was given under and this version (lead.schema.test.ts pins the texts to it).
 */
export const CONTACT_CONSENT_VERSION = '2026-11-25';

/** Longest message a visitor may leave (issue 12). */
export const LEAD_MESSAGE_MAX = 500;
/** A page of the owner's lead list. */
export const LEADS_PAGE_SIZE = 50;

/** No control characters in a one-line field: a line break must never reach a mail header or a CSV row unasked. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const oneLine = (max: number) =>
  z.string().trim().max(max, `must have at most ${max} characters`).regex(ONE_LINE, 'must be one line of text').optional().default('');

/**
 * The optional details a visitor may add to the e-mail (issue 12). Blank is the same as
 * absent, so an empty form field of the no-JavaScript form is accepted.
 */
export const leadDetailsSchema = z.object({
  name: oneLine(100),
  phone: oneLine(40),
  company: oneLine(100),
  message: z
    .string()
    .trim()
    .max(LEAD_MESSAGE_MAX, `must have at most ${LEAD_MESSAGE_MAX} characters`)
    .regex(MULTI_LINE, 'must be plain text')
    .optional()
    .default(''),
  /** Where the visit came from (visit-source.schema.ts); `link` when the page did not say. An empty form field counts as absent. */
  source: z.preprocess((v) => (v === '' || v === null ? undefined : v), visitSourceSchema.default('link')),
  /** Issue 25: the card whose scan brought the visitor (the page's `?card=`); kept only when that card shows the profile. */
  card: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/, 'must be a card id')
      .optional(),
  ),
});

/** One lead as the owner sees it: everything the visitor gave, and the consent it was given under. */
export const leadSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  /** The profile's name in the owner's list (profile name, else the person or company). */
  profileName: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  message: z.string(),
  status: leadStatusSchema,
  source: z.enum(VISIT_SOURCES),
  /** The card whose scan brought the visitor; '' when none. */
  cardId: z.string(),
  /** Issue 38: left within 30 minutes after a verified tap (NTAG 424 DNA) of that card. */
  metInPerson: z.boolean(),
  language: z.enum(LANGUAGES),
  /** The consent line exactly as the visitor saw it above the send button, in the page's language. */
  consentText: z.string(),
  /** Version of the consent wording (CONTACT_CONSENT_VERSION); empty for leads stored before consent was recorded. */
  consentVersion: z.string(),
  /** When the visitor gave the consent (epoch ms), null for leads from before consent was recorded. */
  consentAt: z.number().nullable(),
  created: z.number(),
  createdIso: z.string(),
  /** Issue 36: `form` for a visitor's lead, else how the owner captured it (paper, badge, qr, manual). */
  method: z.enum(LEAD_METHODS),
  /** The owner's note and tags of a capture; the event it was captured at ('' none) and when (null for a visitor's lead). */
  note: z.string(),
  tags: z.array(z.string()),
  eventId: z.string(),
  eventName: z.string(),
  capturedAt: z.number().nullable(),
  /** A capture's further fields ('' when not given; a visitor's lead has `name` only). */
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  mobile: z.string(),
  website: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** Query of GET /find/own/leads. */
export const leadListQuerySchema = z.object({
  /** One of the owner's profiles; all of them when absent. */
  profileId: idSchema.optional(),
  /** Words found in the e-mail, name, phone, company or message (case-insensitive). */
  q: z.string().trim().max(100, 'must have at most 100 characters').optional(),
  status: leadStatusSchema.optional(),
  /** `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{1,15}\.[A-Za-z0-9]{1,64}$/, 'must be a nextCursor of a previous answer')
    .optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** Answer of GET /find/own/leads: newest first, at most LEADS_PAGE_SIZE, and the owner's count of new leads (the badge). */
export const leadListSchema = z.object({
  leads: z.array(leadSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  newCount: z.number(),
});
export type LeadList = z.infer<typeof leadListSchema>;

/** Answer of GET /find/own/leads/new-count. */
export const leadNewCountSchema = z.object({ newCount: z.number() });

/** Body of POST /lead/update. */
export const leadUpdateSchema = z.object({ leadId: idSchema, status: leadStatusSchema });
/** Body of POST /lead/delete. */
export const leadIdBodySchema = z.object({ leadId: idSchema });
/** Query of the lead downloads. */
/** The exports' query; `lng` names the CSV's columns in that language (D1's explicit pick). */
export const leadExportQuerySchema = z.object({ profileId: idSchema.optional(), lng: z.string().max(35).optional() });
