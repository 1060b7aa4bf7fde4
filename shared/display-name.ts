import type { Language, Profile } from './schemas/profile.schema.ts';

/*
 * The one name a profile goes by (issue 21, docs/decisions.md "One display name"): the public
 * pages (title, heading, image text, the consent line), the vCard's FN and the wallet passes all
 * take it from here, so a contact reads the same wherever the visitor meets it. The rule:
 * 1. the person: personal title, first and last name, single-spaced (the title only with a name);
 * 2. else the company;
 * 3. else the first e-mail address: business, then private;
 * 4. else the first phone number: business mobile, business phone, mobile, phone;
 * 5. else a neutral word in the page's language ("Kontakt", "Contact").
 * The profile's own name (`profileName`, "Messe", "Arbeit (privat)") is the owner's label and
 * is never shown to visitors.
 */

/** The fields the rule reads. E-mail addresses and phone numbers left out count as empty. */
export type DisplayNameFields = Pick<Profile, 'personalTitle' | 'firstName' | 'lastName' | 'companyName'> &
  Partial<Pick<Profile, 'businessEmailAddress' | 'emailAddress' | 'businessMobileNumber' | 'businessPhoneNumber' | 'mobileNumber' | 'phoneNumber'>>;

/** The name when the profile gives none (step 5). */
export const NEUTRAL_NAME: Record<Language, string> = { de: 'Kontakt', en: 'Contact' };

/** A part of a name: control characters and runs of white space become one space, trimmed. */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const clean = (value: string | null | undefined) => (value ?? '').replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();

/** Step 1: "Dr. Jürgen Größe" when the profile has a first or last name, else ''. */
export function personName(p: Pick<Profile, 'personalTitle' | 'firstName' | 'lastName'>): string {
  const first = clean(p.firstName);
  const last = clean(p.lastName);
  if (!first && !last) return '';
  return [clean(p.personalTitle), first, last].filter(Boolean).join(' ');
}

/** Steps 1 to 4: the name the profile itself gives, or '' when it gives none. */
export function contactName(p: DisplayNameFields): string {
  return (
    personName(p) ||
    clean(p.companyName) ||
    clean(p.businessEmailAddress) ||
    clean(p.emailAddress) ||
    clean(p.businessMobileNumber) ||
    clean(p.businessPhoneNumber) ||
    clean(p.mobileNumber) ||
    clean(p.phoneNumber)
  );
}

/** The whole rule: the name a profile is shown and saved under, never empty. */
export function displayName(p: DisplayNameFields, language: Language = 'en'): string {
  return contactName(p) || NEUTRAL_NAME[language];
}
