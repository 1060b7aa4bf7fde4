import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { leadDetailsSchema } from './lead.schema.ts';
import { LANGUAGES } from './profile.schema.ts';

/**
 * Exactly one mailbox, as the mailer itself would read it: nodemailer's address parser (the one
 * that turns a To header into recipients) must find one plain address equal to the whole text.
 * A list (`a@x.de,b@y.de`, `;`), a group, a display name (`Max <a@x.de>`), a comment or a line
 * break parses to something else and is refused, so the product never mails more than one
 * address a visitor typed. Server only: the public page checks SPEC 5's pattern in the browser.
 */
export function isSingleMailbox(text: string): boolean {
  if (/[\r\n\0]/.test(text)) return false;
  const parsed = addressparser(text);
  if (parsed.length !== 1) return false;
  const [entry] = parsed;
  return !('group' in entry && entry.group) && entry.name === '' && 'address' in entry && entry.address === text;
}

/** A visitor's own e-mail address (D5): one mailbox of a common shape, at most 254 characters. */
export const visitorEmailSchema = z
  .string()
  .trim()
  .max(254, 'must have at most 254 characters')
  .pipe(z.email('must be an e-mail address'))
  .refine(isSingleMailbox, 'must be exactly one e-mail address');

/**
 * Body of POST /send/contact (D5: the third value is the visitor's language). Issue 12 adds
 * optional details (name, phone, company, message) and the visit's source; SPEC's body alone
 * stays valid.
 */
export const sendContactSchema = z
  .object({
    profileId: idSchema,
    senderEmail: visitorEmailSchema,
    language: z.enum(LANGUAGES).default('de'),
  })
  .extend(leadDetailsSchema.shape);
export type SendContactInput = z.infer<typeof sendContactSchema>;

/** The visitor's fields of the contact form, as the no-JavaScript POST names them (`source` is the page's hidden field, `card` the one its script adds after a card scan). */
export const CONTACT_FORM_FIELDS = ['senderEmail', 'name', 'phone', 'company', 'message', 'source', 'card'] as const;
