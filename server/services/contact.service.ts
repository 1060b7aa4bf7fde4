import { ErrorCode } from '../../shared/error-codes.ts';
import type { Language } from '../../shared/schemas/profile.schema.ts';
import { AppError, profileNotFound } from '../http/errors.ts';
import { newLeadId } from '../lib/ids.ts';
import { leadMail, vcardMail } from '../mail/contact-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LeadRepository } from '../repositories/lead.repository.ts';
import type { ProfileRepository } from '../repositories/profile.repository.ts';
import type { DownloadService } from './download.service.ts';
import type { PublicProfileService } from './public-profile.service.ts';
import { tooManyRequests, type RateLimiter, type RateRule } from './rate-limiter.ts';
import type { PublicProfile } from '../../shared/schemas/public-profile.schema.ts';
import { presentPublicProfileEnvelope } from '../presenters/public-profile.presenter.ts';

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
  profiles: ProfileRepository;
  publicProfiles: PublicProfileService;
  downloads: DownloadService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}) {
  const { publicUrl, leads, profiles, publicProfiles, downloads, mailer, rateLimiter } = deps;
  return {
    /** `client` is the visitor's network address (after trusted proxies). */
    async send(input: { profileId: string; senderEmail: string; language: Language }, client: { address: string }): Promise<{ profile: PublicProfile }> {
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
      const stored = await leads.insertWithinLimits(
        { id: newLeadId(), profileId: profile.id, email, language: input.language, created: now },
        { since: now - HOUR_MS, perSender: CONTACT_LIMITS.perSenderPerHour, perProfile: CONTACT_LIMITS.perProfilePerHour },
      );
      // These limits count leads in the last hour (a sliding window): an hour always suffices.
      if (!stored) throw tooManyRequests(TOO_MANY, HOUR_MS / 1000);
      const vcard = await downloads.vcardOf(profile);
      try {
        await mailer.send(leadMail({ to: owner.email, profile, senderEmail: email }));
        await mailer.send(vcardMail({ to: email, profile, language: input.language, vcard, profileUrl: `${publicUrl}/p/${profile.id}` }));
      } catch {
        throw new AppError(502, ErrorCode.internal, 'The e-mail could not be sent. Please try again later.');
      }
      return presentPublicProfileEnvelope(profile);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
