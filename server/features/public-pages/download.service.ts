import type { Language, Profile } from '../../../shared/schemas/profile.schema.ts';
import { buildReminder, REMINDER_FILE_NAME, type RemindIn } from '../../documents/reminder.builder.ts';
import { buildVcard, vcardDisplayFileName, vcardFileName } from '../../documents/vcard.builder.ts';
import { profileNotFound } from '../../http/errors.ts';
import { vcardPhoto } from '../../images/image.processor.ts';
import type { Storage } from '../../storage/storage.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { PublicProfileService, PublicSourceProfile } from '../profiles/index.ts';
import type { VisitClient, VisitService } from '../stats/index.ts';

/** Who downloads and from which kind of visit (issue 12): counted unless a bot or HEAD. */
export type DownloadClient = VisitClient & { source: VisitSource };

/** The downloadable files of a public profile: the vCard and the reminder. */
export function createDownloadService(deps: { publicUrl: string; publicProfiles: PublicProfileService; storage: Storage; visits: VisitService }) {
  const { publicUrl, publicProfiles, storage, visits } = deps;

  /**
   * The profile a download describes. Issue 24: for a former member's company profile that is
   * the company's contact (name, website, phone), not the person's: their name is left out too.
   */
  async function publicProfile(profileId: string): Promise<Profile> {
    const profile = await publicProfiles.get(profileId);
    if (!profile) throw profileNotFound();
    return contactOf(profile);
  }
  const contactOf = (profile: PublicSourceProfile): Profile => (profile.left ? { ...profile, personalTitle: '', firstName: '', lastName: '' } : profile);

  // Issue 39: at an organisation's own host the files name that host's page.
  const profileUrl = (id: string, origin?: string | null) => `${origin ?? publicUrl}/p/${id}`;

  async function photoOf(profile: Profile): Promise<Buffer | undefined> {
    const key = profile.profileImagePath?.replace(/^\/media\//, '');
    if (!key) return undefined;
    const stored = await storage.get(key).catch(() => null);
    return stored ? vcardPhoto(stored.data) : undefined;
  }

  return {
    /** A vCard 3.0 of a public profile, its UTF-8 file name and an ASCII fallback for old clients. */
    async vcard(
      profileId: string,
      comment: string | undefined,
      client: DownloadClient,
      origin?: string | null,
    ): Promise<{ text: string; fileName: string; asciiFileName: string }> {
      const profile = await publicProfile(profileId);
      visits.record({ profileId: profile.id, metric: 'save', source: client.source }, client);
      return {
        text: buildVcardFor(profile, comment, await photoOf(profile), origin),
        fileName: vcardDisplayFileName(profile),
        asciiFileName: vcardFileName(profile),
      };
    },

    /** The reminder `.ics` (SPEC 7 /download/calendar). */
    async reminder(
      profileId: string,
      remindIn: RemindIn,
      language: Language,
      client: DownloadClient,
      timeZone?: string,
      origin?: string | null,
    ): Promise<{ text: string; fileName: string }> {
      const profile = await publicProfile(profileId);
      visits.record({ profileId: profile.id, metric: 'reminder', source: client.source }, client);
      return { text: buildReminder({ profile, profileUrl: profileUrl(profileId, origin), remindIn, language, timeZone }), fileName: REMINDER_FILE_NAME };
    },

    /** The vCard of a profile for the contact-exchange mail (D5). */
    async vcardOf(profile: PublicSourceProfile): Promise<{ text: string; fileName: string }> {
      const contact = contactOf(profile);
      return { text: buildVcardFor(contact, undefined, await photoOf(contact)), fileName: vcardFileName(contact) };
    },
  };

  function buildVcardFor(profile: Profile, comment: string | undefined, photoJpeg: Buffer | undefined, origin?: string | null) {
    return buildVcard({ profile, comment, photoJpeg, profileUrl: profileUrl(profile.id, origin), uidSource: `profile:${profile.id}` });
  }
}
export type DownloadService = ReturnType<typeof createDownloadService>;
