import type { Lead } from '../../../shared/schemas/lead.schema.ts';
import { PROFILE_TEXT_FIELDS, type Profile, type ProfileTextField } from '../../../shared/schemas/profile.schema.ts';
import { buildVcard, type VcardProfile } from '../../documents/vcard.builder.ts';

/**
 * A lead as the profile-shaped input of the one vCard builder: the visitor's name split into
 * first and last name at the last space, the company, the phone as mobile, the e-mail, and the
 * message with the profile and date it came through as the note.
 */
export function leadAsVcardProfile(lead: Lead): VcardProfile {
  const blank = Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, ''])) as Pick<Profile, ProfileTextField>;
  const name = lead.name.trim();
  const cut = name.lastIndexOf(' ');
  const [firstName, lastName] = cut > 0 ? [name.slice(0, cut), name.slice(cut + 1)] : ['', name];
  const origin = `${lead.profileName} · ${new Date(lead.created).toISOString().slice(0, 10)}`;
  return {
    ...blank,
    firstName,
    lastName,
    companyName: lead.company,
    mobileNumber: lead.phone,
    // Without a name or company the contact is listed under its e-mail address (shared/display-name.ts).
    emailAddress: lead.email,
    businessNote: [lead.message.trim(), origin].filter(Boolean).join('\n\n'),
    socialMediaLinks: [],
  };
}

/** Every lead as one vCard 3.0 in one file (phones and Outlook import every card of a .vcf). */
export function buildLeadsVcf(leads: readonly Lead[]): string {
  return leads.map((lead) => buildVcard({ profile: leadAsVcardProfile(lead), uidSource: `lead:${lead.id}` })).join('');
}
