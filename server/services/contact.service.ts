import { ErrorCode } from '../../shared/error-codes.ts';
import type { Language, Profile } from '../../shared/schemas/profile.schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newLeadId } from '../lib/ids.ts';
import { leadMail, vcardMail } from '../mail/contact-mails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { LeadRepository } from '../repositories/lead.repository.ts';
import type { ProfileRepository } from '../repositories/profile.repository.ts';
import type { DownloadService } from './download.service.ts';
import type { PublicProfileService } from './public-profile.service.ts';

/** D5 rate limits: per visitor address on one profile, and per profile, within an hour. */
export const CONTACT_LIMITS = { perSenderPerHour: 3, perProfilePerHour: 60 } as const;

/** Contact exchange (D5): the visitor's e-mail becomes a lead, the owner is told, the visitor gets the vCard. */
export function createContactService(deps: {
  publicUrl: string;
  leads: LeadRepository;
  profiles: ProfileRepository;
  publicProfiles: PublicProfileService;
  downloads: DownloadService;
  mailer: Mailer;
}) {
  const { publicUrl, leads, profiles, publicProfiles, downloads, mailer } = deps;
  return {
    async send(input: { profileId: string; senderEmail: string; language: Language }): Promise<{ profile: Profile }> {
      const profile = await publicProfiles.get(input.profileId);
      if (!profile) throw notFound(ErrorCode.profileNotFound, 'Profile not found.');
      const email = input.senderEmail.trim().toLowerCase();
      // The limits count stored leads, so every instance sees the same numbers; the check and
      // the insert are one step, so concurrent requests cannot slip past the limit together.
      // The lead is stored first: if a mail fails, the owner still finds the contact.
      const now = Date.now();
      const stored = await leads.insertWithinLimits(
        { id: newLeadId(), profileId: profile.id, email, language: input.language, created: now },
        { since: now - 60 * 60 * 1000, perSender: CONTACT_LIMITS.perSenderPerHour, perProfile: CONTACT_LIMITS.perProfilePerHour },
      );
      if (!stored) throw new AppError(429, ErrorCode.rateLimited, 'Too many contact requests. Please try again later.');
      const ownerEmail = await profiles.ownerEmail(profile.id);
      const vcard = await downloads.vcardOf(profile);
      try {
        if (ownerEmail) await mailer.send(leadMail({ to: ownerEmail, profile, senderEmail: email }));
        await mailer.send(vcardMail({ to: email, profile, language: input.language, vcard, profileUrl: `${publicUrl}/p/${profile.id}` }));
      } catch {
        throw new AppError(502, ErrorCode.internal, 'The e-mail could not be sent. Please try again later.');
      }
      return { profile };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
