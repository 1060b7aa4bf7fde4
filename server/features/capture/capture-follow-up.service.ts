import type { FollowUpAnswer, FollowUpBody, FollowUpSettings, FollowUpSettingsBody } from '../../../shared/schemas/capture-follow-up.schema.ts';
import { FOLLOW_UP_PLACEHOLDERS } from '../../../shared/schemas/capture-follow-up.schema.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { CaptureFollowUpRepository, FollowUpSettingsRow } from './capture-follow-up.repository.ts';
import { buildFollowUpMail, FOLLOW_UP_DEFAULTS, followUpNotice } from './follow-up.mail.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Follow-ups one account may ask for: a fair day's contacts in an evening, not a mailing list. */
export const FOLLOW_UP_HOUR_RULE: RateRule = { name: 'capture-follow-up-hour', max: 60, windowMs: HOUR_MS };
export const FOLLOW_UP_DAY_RULE: RateRule = { name: 'capture-follow-up-day', max: 200, windowMs: DAY_MS };
/** Follow-ups to one person a day: one, and one more if the first had a mistake. */
export const FOLLOW_UP_LEAD_RULE: RateRule = { name: 'capture-follow-up-lead', max: 2, windowMs: DAY_MS };
/** Saves of the follow-up settings per account and hour. */
export const FOLLOW_UP_SETTINGS_RULE: RateRule = { name: 'capture-follow-up-settings', max: 60, windowMs: HOUR_MS };

const leadNotFound = () => new AppError(404, ErrorCode.notFound, 'leadId: no such contact of yours.', 'leadId');

/** The owner as the mail names them: the lead's profile, else the account. */
export interface FollowUpOwnerContact {
  name: string;
  company: string;
  email: string;
  vcard: { text: string; fileName: string } | null;
}

const emptySettings: FollowUpSettingsRow = { meetingLink: '', subjectDe: '', bodyDe: '', subjectEn: '', bodyEn: '' };

/** A person as the settings' preview of the notice names them: a paper card with a name, an e-mail address and a company. */
const SAMPLE_LEAD = {
  method: 'paper',
  name: 'Anna Berg',
  firstName: 'Anna',
  lastName: 'Berg',
  company: 'Beispiel GmbH',
  phone: '',
  mobile: '',
  street: '',
  city: '',
  jobTitle: '',
  eventName: null,
};

function present(row: FollowUpSettingsRow | undefined, notice: FollowUpSettings['notice']): FollowUpSettings {
  const s = row ?? emptySettings;
  return {
    meetingLink: s.meetingLink,
    texts: { de: { subject: s.subjectDe, body: s.bodyDe }, en: { subject: s.subjectEn, body: s.bodyEn } },
    defaults: FOLLOW_UP_DEFAULTS,
    notice,
    placeholders: [...FOLLOW_UP_PLACEHOLDERS],
  };
}

const asLanguage = (value: string): Language => (value === 'de' ? 'de' : 'en');

/**
 * Issue 36: the follow-up mail to a person the owner captured, in their language, with the
 * owner's text, meeting link and vCard and the GDPR Art. 14 notice (docs/capture.md). Asking
 * writes a row and its outbox message; the outbox's handler (`send`) builds the mail from the
 * rows as they are then and hands it to the mailer.
 */
export function createCaptureFollowUpService(deps: {
  followUps: CaptureFollowUpRepository;
  rateLimiter: RateLimiter;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  retentionDays: number;
  /** The lead's signed deletion token (the leads feature's link, issue 12). */
  deletionToken: (leadId: string) => Promise<string>;
  /** The owner's contact as the lead's profile shows it, with its vCard. */
  ownerContact: (profileId: string, userId: string, language: Language) => Promise<FollowUpOwnerContact>;
  now?: () => number;
}) {
  const { followUps, rateLimiter, mailer, publicUrl, now = Date.now } = deps;

  /** The notice as a person would read it, with this owner's account for the holder (a follow-up names the lead's profile). */
  async function noticePreview(userId: string): Promise<FollowUpSettings['notice']> {
    const account = await followUps.account(userId);
    const owner = { name: account?.name ?? '', company: '', email: account?.email ?? '' };
    const common = { lead: SAMPLE_LEAD, owner, retentionDays: deps.retentionDays };
    return {
      de: followUpNotice({ ...common, language: 'de', deletionUrl: `${publicUrl}/delete/lead?token=…&lng=de` }),
      en: followUpNotice({ ...common, language: 'en', deletionUrl: `${publicUrl}/delete/lead?token=…&lng=en` }),
    };
  }

  return {
    /** GET /find/own/capture/follow-up-settings. */
    async settings(owner: Owner): Promise<FollowUpSettings> {
      return present(await followUps.settings(owner.userId), await noticePreview(owner.userId));
    },

    /** POST /capture/follow-up/settings. */
    async saveSettings(owner: Owner, body: FollowUpSettingsBody): Promise<FollowUpSettings> {
      await rateLimiter.consume([[FOLLOW_UP_SETTINGS_RULE, owner.userId]], 'Too many changes of the follow-up settings. Please try again later.');
      const row: FollowUpSettingsRow = {
        meetingLink: body.meetingLink,
        subjectDe: body.texts.de.subject,
        bodyDe: body.texts.de.body,
        subjectEn: body.texts.en.subject,
        bodyEn: body.texts.en.body,
      };
      await followUps.saveSettings(owner.userId, row, now());
      return present(row, await noticePreview(owner.userId));
    },

    /** POST /capture/follow-up: the mail is queued for the outbox, which sends it. */
    async followUp(owner: Owner, body: FollowUpBody): Promise<FollowUpAnswer> {
      await rateLimiter.consume(
        [
          [FOLLOW_UP_HOUR_RULE, owner.userId],
          [FOLLOW_UP_DAY_RULE, owner.userId],
        ],
        'Too many follow-up mails in a short time. Please try again later.',
      );
      const lead = await followUps.ownLead(owner.userId, body.leadId);
      if (!lead) throw leadNotFound();
      if (lead.method === 'form')
        throw new AppError(
          409,
          ErrorCode.invalidInput,
          'leadId: this contact wrote to you through your page; a follow-up is for contacts you captured.',
          'leadId',
        );
      if (!lead.email) throw new AppError(409, ErrorCode.invalidInput, 'leadId: this contact has no e-mail address; add one first.', 'leadId');
      await rateLimiter.consume([[FOLLOW_UP_LEAD_RULE, lead.id]], 'This contact has had a follow-up today already.');
      const language = body.language ?? asLanguage(lead.language);
      const id = randomId(16);
      await followUps.insert({ id, leadId: lead.id, userId: owner.userId, language, created: now() });
      return { followUpId: id, language, to: lead.email };
    },

    /** The outbox's handler: builds the mail from the rows as they are now and sends it; a lead deleted meanwhile gets nothing. */
    async send(followUpId: string): Promise<void> {
      const found = await followUps.forSending(followUpId);
      if (!found || found.followUp.sentAt) return;
      const { followUp, lead } = found;
      const language = asLanguage(followUp.language);
      const settings = (await followUps.settings(followUp.userId)) ?? emptySettings;
      const text = language === 'de' ? { subject: settings.subjectDe, body: settings.bodyDe } : { subject: settings.subjectEn, body: settings.bodyEn };
      const owner = await deps.ownerContact(lead.profileId, followUp.userId, language);
      const deletionUrl = `${publicUrl}/delete/lead?token=${await deps.deletionToken(lead.id)}&lng=${language}`;
      await mailer.send(
        buildFollowUpMail({
          language,
          to: lead.email,
          text,
          meetingLink: settings.meetingLink,
          lead,
          owner,
          vcard: owner.vcard,
          deletionUrl,
          retentionDays: deps.retentionDays,
        }),
      );
      await followUps.markSent(followUp.id, now());
    },
  };
}
export type CaptureFollowUpService = ReturnType<typeof createCaptureFollowUpService>;
