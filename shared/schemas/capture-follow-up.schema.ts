import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { LANGUAGES } from './profile.schema.ts';

/** Longest follow-up subject and text the owner may write. */
export const FOLLOW_UP_SUBJECT_MAX = 150;
export const FOLLOW_UP_BODY_MAX = 4000;

/**
 * The placeholders an owner's follow-up text may use, filled from the lead and the owner's
 * profile when the mail is built (unknown ones are left as written).
 */
export const FOLLOW_UP_PLACEHOLDERS = ['firstName', 'lastName', 'name', 'company', 'event', 'myName', 'myCompany'] as const;

// eslint-disable-next-line no-control-regex -- control characters are what this matches
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** One language's text: '' for the default text (shown in `defaults`). */
export const followUpTextSchema = z.object({
  subject: z.string().trim().max(FOLLOW_UP_SUBJECT_MAX, `must have at most ${FOLLOW_UP_SUBJECT_MAX} characters`).regex(ONE_LINE, 'must be one line of text'),
  body: z.string().trim().max(FOLLOW_UP_BODY_MAX, `must have at most ${FOLLOW_UP_BODY_MAX} characters`).regex(MULTI_LINE, 'must be plain text'),
});
export type FollowUpText = z.infer<typeof followUpTextSchema>;

/** Body of `POST /capture/follow-up/settings`: the meeting link ('' none) and the texts per language. */
export const followUpSettingsBodySchema = z.object({
  meetingLink: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(500, 'must have at most 500 characters')
      .url('must be a web address')
      .refine((v) => /^https:\/\//i.test(v), 'must start with https://'),
  ]),
  texts: z.object({ de: followUpTextSchema, en: followUpTextSchema }),
});
export type FollowUpSettingsBody = z.infer<typeof followUpSettingsBodySchema>;

/** `GET /find/own/capture/follow-up-settings`: the owner's settings and the texts used where theirs are empty. */
export const followUpSettingsSchema = followUpSettingsBodySchema.extend({
  defaults: z.object({ de: followUpTextSchema, en: followUpTextSchema }),
  /** What the mail adds below the owner's text (GDPR Art. 14), as a person would read it (a sample card; filled per lead when sent). */
  notice: z.object({ de: z.string(), en: z.string() }),
  placeholders: z.array(z.string()),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

/** Body of `POST /capture/follow-up`: the captured lead, and the mail's language (else the lead's). */
export const followUpBodySchema = z.object({
  leadId: idSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type FollowUpBody = z.infer<typeof followUpBodySchema>;

/** Answer of `POST /capture/follow-up`: the mail is queued (the outbox sends it). */
export const followUpAnswerSchema = z.object({ followUpId: z.string(), language: z.enum(LANGUAGES), to: z.string() });
export type FollowUpAnswer = z.infer<typeof followUpAnswerSchema>;
