import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { LANGUAGES } from './profile.schema.ts';

/** Issue 36: how a lead came in. `form`: a visitor's, from a page; the rest the owner captured. */
export const CAPTURE_METHODS = ['paper', 'badge', 'qr', 'manual'] as const;
export const LEAD_METHODS = ['form', ...CAPTURE_METHODS] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];
export type LeadMethod = (typeof LEAD_METHODS)[number];

/** Most tags on one capture, and the longest tag and note. */
export const CAPTURE_TAGS_MAX = 10;
export const CAPTURE_TAG_MAX = 40;
export const CAPTURE_NOTE_MAX = 2000;

// eslint-disable-next-line no-control-regex -- control characters are what this matches
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A one-line field of the review form: trimmed, '' when absent or null. */
const field = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, `must have at most ${max} characters`).regex(ONE_LINE, 'must be one line of text'),
  );

/** An ISO calendar day, YYYY-MM-DD, that exists. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'must be a day that exists');

/**
 * Body of `POST /capture/save`. `clientId` is the phone's own id of the capture (a UUID the app
 * makes when the capture is begun): the same id again answers the same lead and changes nothing.
 * At least one of e-mail, phone (or mobile) or name is required (`email` is named then).
 */
export const captureSaveBodySchema = z
  .object({
    clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _ (a UUID)'),
    method: z.enum(CAPTURE_METHODS, { message: `must be one of ${CAPTURE_METHODS.join(', ')}` }),
    /** When the phone captured it: an ISO time or epoch ms; not in the future (a few minutes of clock drift allowed). */
    capturedAt: z.union([z.number().int().nonnegative(), z.string().datetime({ offset: true })]),
    firstName: field(100),
    lastName: field(100),
    jobTitle: field(100),
    company: field(100),
    email: z.preprocess(
      (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.union([z.literal(''), z.string().max(254, 'must have at most 254 characters').email('must be an e-mail address')]),
    ),
    phone: field(40),
    mobile: field(40),
    website: field(200),
    street: field(200),
    zip: field(20),
    city: field(100),
    country: field(100),
    note: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      z.string().trim().max(CAPTURE_NOTE_MAX, `must have at most ${CAPTURE_NOTE_MAX} characters`).regex(MULTI_LINE, 'must be plain text'),
    ),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'must not be empty')
          .max(CAPTURE_TAG_MAX, `must have at most ${CAPTURE_TAG_MAX} characters`)
          .regex(ONE_LINE, 'must be one line'),
      )
      .max(CAPTURE_TAGS_MAX, `must have at most ${CAPTURE_TAGS_MAX} tags`)
      .optional()
      .default([]),
    eventId: idSchema.nullish(),
    /** The profile the lead belongs to; by default the company profile of the event's organisation, else the owner's first profile. */
    profileId: idSchema.nullish(),
    /** The person's language for the follow-up mail (German or English). */
    language: z.enum(LANGUAGES).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.email && !body.phone && !body.mobile && !body.firstName && !body.lastName)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'required: at least one of e-mail, phone or name' });
  });
export type CaptureSaveBody = z.infer<typeof captureSaveBodySchema>;
export type CaptureSaveInput = z.input<typeof captureSaveBodySchema>;

/** Answer of `POST /capture/save`: the lead, new or the one this clientId made before. */
export const captureSaveAnswerSchema = z.object({ leadId: z.string(), created: z.boolean() });
export type CaptureSaveAnswer = z.infer<typeof captureSaveAnswerSchema>;

/** Body of `POST /capture/event/save`: a new event without `eventId`, else a change of that one. */
export const captureEventSaveBodySchema = z
  .object({
    eventId: idSchema.optional(),
    name: z.string().trim().min(1, 'required').max(100, 'must have at most 100 characters').regex(ONE_LINE, 'must be one line of text'),
    startsOn: isoDaySchema,
    endsOn: isoDaySchema,
    /** The organisation whose members share it (its owners and admins make and change those). */
    organisationId: idSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.endsOn < body.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'must not be before startsOn' });
  });
export type CaptureEventSaveBody = z.infer<typeof captureEventSaveBodySchema>;

/** One event as the owner app lists it. */
export const captureEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** The organisation that shares it, null for the owner's own. */
  organisationId: z.string().nullable(),
  organisationName: z.string().nullable(),
  /** Whether this owner may change it (their own, or an organisation's they are an owner or admin of). */
  editable: z.boolean(),
  /** Leads this owner captured at it. */
  captures: z.number(),
  created: z.number(),
  updated: z.number(),
});
export type CaptureEvent = z.infer<typeof captureEventSchema>;
export const captureEventListSchema = z.object({ events: z.array(captureEventSchema) });
export type CaptureEventList = z.infer<typeof captureEventListSchema>;
