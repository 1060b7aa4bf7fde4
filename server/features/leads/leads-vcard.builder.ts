import type { Lead } from '../../../shared/schemas/lead.schema.ts';
import { PROFILE_TEXT_FIELDS, type Language, type Profile, type ProfileTextField } from '../../../shared/schemas/profile.schema.ts';
import { buildVcard, type VcardProfile } from '../../documents/vcard.builder.ts';

/** The vCard note's words for a lead met in person (issue 38), in the owner's language. */
const MET_IN_PERSON: Record<Language, string> = { de: 'Persönlich getroffen', en: 'Met in person' };

/**
 * A lead as the profile-shaped input of the one vCard builder: the visitor's name split into
 * first and last name at the last space, the company, the phone as mobile, the e-mail, and the
 * message with the profile and date it came through as the note.
 */
export function leadAsVcardProfile(lead: Lead, language: Language = 'en'): VcardProfile {
  const blank = Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, ''])) as Pick<Profile, ProfileTextField>;
  const name = lead.name.trim();
  const cut = name.lastIndexOf(' ');
  // A capture (issue 36) has its first and last name apart; a visitor typed one name.
  const [firstName, lastName] =
    lead.firstName || lead.lastName ? [lead.firstName, lead.lastName] : cut > 0 ? [name.slice(0, cut), name.slice(cut + 1)] : ['', name];
  // Issue 38: "met in person" (a verified tap of the card shortly before) travels with the origin.
  const origin = [
    lead.profileName,
    lead.eventName,
    new Date(lead.capturedAt ?? lead.created).toISOString().slice(0, 10),
    lead.metInPerson ? MET_IN_PERSON[language] : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const tags = lead.tags.length ? lead.tags.map((tag) => `#${tag}`).join(' ') : '';
  const captured = lead.mobile || lead.website || lead.street || lead.city || lead.jobTitle;
  return {
    ...blank,
    firstName,
    lastName,
    companyName: lead.company,
    // A visitor's one number is kept as mobile (as before); a capture's phone and mobile each in their own.
    ...(captured || lead.method !== 'form'
      ? { businessPhoneNumber: lead.mobile ? lead.phone : '', businessMobileNumber: lead.mobile || lead.phone }
      : { mobileNumber: lead.phone }),
    jobTitle: lead.jobTitle,
    companyWebsiteUrl: lead.website && !/^https?:\/\//i.test(lead.website) ? `https://${lead.website}` : lead.website,
    streetAndNumber: lead.street,
    zip: lead.zip,
    city: lead.city,
    country: lead.country,
    // Without a name or company the contact is listed under its e-mail address (shared/display-name.ts).
    emailAddress: lead.email,
    businessNote: [lead.message.trim(), lead.note.trim(), tags, origin].filter(Boolean).join('\n\n'),
    socialMediaLinks: [],
  };
}

/** Every lead as one vCard 3.0 in one file (phones and Outlook import every card of a .vcf). */
export function buildLeadsVcf(leads: readonly Lead[], language: Language = 'en'): string {
  return leads.map((lead) => buildVcard({ profile: leadAsVcardProfile(lead, language), uidSource: `lead:${lead.id}` })).join('');
}
