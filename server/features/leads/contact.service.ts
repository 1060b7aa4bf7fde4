import { ErrorCode } from '../../../shared/error-codes.ts';
import { displayName } from '../../../shared/public-page/profile-view.ts';
import type { SendContactInput } from '../../../shared/schemas/contact.schema.ts';
import { CONTACT_CONSENT_VERSION } from '../../../shared/schemas/lead.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { AppError, profileNotFound } from '../../http/errors.ts';
import { newLeadId } from '../../lib/ids.ts';
import { leadMail, vcardMail } from './contact-mails.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { LeadRepository } from './lead.repository.ts';
import { type ProfileChanges, type PublicProfileService, presentPublicProfileEnvelope } from '../profiles/index.ts';
import type { PageTexts, DownloadService } from '../public-pages/index.ts';
import { accountLanguage } from '../../mail/mail-language.ts';
import type { LeadService } from './lead.service.ts';
import type { VisitService } from '../stats/index.ts';
import type { CardService } from '../cards/index.ts';
import { tooManyRequests, type RateLimiter, type RateRule } from '../../lib/rate-limiter.ts';
import type { PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';
import { MET_IN_PERSON_MS, type TapService } from '../taps/index.ts';

/** D5 rate limits: per visitor e-mail address on one profile, and per profile, within an hour. */
export const CONTACT_LIMITS = { perSenderPerHour: 3, perProfilePerHour: 60 } as const;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Limits across every profile (docs/security.md "relay and spam"): one client address cannot
 * mail through many profiles, and one account's profiles together cannot send without end.
 */
export const CONTACT_RATE_RULES = {
  perClient: { name: 'contact-client', max: 10, windowMs: HOUR_MS },
  perOwner: { name: 'contact-owner', max: 100, windowMs: 24 * HOUR_MS },
} as const satisfies Record<string, RateRule>;
const TOO_MANY = 'Too many contact requests. Please try again later.';

/** Contact exchange (D5): the visitor's e-mail becomes a lead, the owner is told, the visitor gets the vCard. */
export function createContactService(deps: {
  publicUrl: string;
  leads: LeadRepository;
  profiles: ProfileChanges;
  publicProfiles: PublicProfileService;
  downloads: DownloadService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The public pages' texts: the consent line is stored as the page shows it. */
  texts: PageTexts;
  leadService: Pick<LeadService, 'deletionToken'>;
  /** Issue 12: an exchange that went through counts in the profile's statistics. */
  visits: Pick<VisitService, 'record'>;
  /** Issue 25: whether the card the visitor scanned still shows the profile (the lead names it then). */
  cards: Pick<CardService, 'showsProfile'>;
  /** Issue 38: whether that card had a verified tap shortly before ("met in person"). */
  taps: Pick<TapService, 'verifiedWithin'>;
}) {
  const { publicUrl, leads, profiles, publicProfiles, downloads, mailer, rateLimiter, texts, leadService, visits, cards, taps } = deps;

  /** The consent line above the send button, word for word as the page renders it (same key, same name). */
  const consentText = (profile: PublicProfileInput, language: Language) =>
    texts(language, 'profile')('contact_consent', { name: displayName(profile, language) });

  return {
    consentText,
    /** `client` is the visitor's network address (after trusted proxies). */
    async send(
      input: Omit<SendContactInput, 'source'> & Partial<Pick<SendContactInput, 'source'>>,
      client: { address: string },
    ): Promise<{ profile: PublicProfile }> {
      const profile = await publicProfiles.get(input.profileId);
      const owner = profile && (await profiles.ownerOf(profile.id));
      if (!profile || !owner) throw profileNotFound();
      // The client first: a refused client does not use up the owner's daily allowance.
      await rateLimiter.consume([[CONTACT_RATE_RULES.perClient, client.address]], TOO_MANY);
      await rateLimiter.consume([[CONTACT_RATE_RULES.perOwner, owner.userId]], TOO_MANY);
      const email = input.senderEmail.trim().toLowerCase();
      // The limits count stored leads, so every instance sees the same numbers; the check and
      // the insert are one step, so concurrent requests cannot slip past the limit together.
      // The lead is stored first: if a mail fails, the owner still finds the contact.
      const now = Date.now();
      const details = { name: input.name ?? '', phone: input.phone ?? '', company: input.company ?? '', message: input.message ?? '' };
      const leadId = newLeadId();
      const cardId = input.card && (await cards.showsProfile(input.card, profile.id)) ? input.card : '';
      // Issue 38: the card the page came from (the form's `card`, taken from the page's ?card=)
      // had a verified chip tap within the last 30 minutes: the visitor met the owner.
      const metInPerson = cardId !== '' && (await taps.verifiedWithin(cardId, MET_IN_PERSON_MS, now));
      const outcome = await leads.insertWithinLimits(
        {
          id: leadId,
          profileId: profile.id,
          email,
          language: input.language,
          created: now,
          ...details,
          // The visitor sends the form under the line the page showed: its text, version and time are the consent.
          consentText: consentText(profile, input.language),
          consentVersion: CONTACT_CONSENT_VERSION,
          consentAt: now,
          source: input.source ?? 'link',
          cardId,
          metInPerson: metInPerson ? 1 : 0,
          status: 'new',
          searchText: [email, ...Object.values(details)].join('\n').toLowerCase(),
        },
        { since: now - HOUR_MS, perSender: CONTACT_LIMITS.perSenderPerHour, perProfile: CONTACT_LIMITS.perProfilePerHour },
      );
      // The profile or its account was deleted while the visitor was sending: no lead outlives it.
      if (outcome === 'gone') throw profileNotFound();
      // These limits count leads in the last hour (a sliding window): an hour always suffices.
      if (outcome === 'limited') throw tooManyRequests(TOO_MANY, HOUR_MS / 1000);
      const vcard = await downloads.vcardOf(profile);
      const deletionUrl = `${publicUrl}/delete/lead?token=${await leadService.deletionToken(leadId)}&lng=${input.language}`;
      try {
        const ownerLanguage = accountLanguage(owner) ?? 'en';
        await mailer.send(leadMail({ to: owner.email, language: ownerLanguage, profile, senderEmail: email, details, appUrl: `${publicUrl}/leads` }));
        await mailer.send(vcardMail({ to: email, profile, language: input.language, vcard, profileUrl: `${publicUrl}/p/${profile.id}`, deletionUrl }));
      } catch {
        throw new AppError(502, ErrorCode.internal, 'The e-mail could not be sent. Please try again later.');
      }
      // Issue 12: an exchange that went through; the visitor typed an address, so no bot check.
      visits.record({ profileId: profile.id, metric: 'contact', source: input.source ?? 'link' });
      return presentPublicProfileEnvelope(profile);
    },
  };
}
type PublicProfileInput = Parameters<typeof displayName>[0];

export type ContactService = ReturnType<typeof createContactService>;
