import type { Profile } from '../../../../shared/schemas/profile.schema.ts';

/**
 * What the owner app calls a profile in lists, menus and headings: its profile name, else the
 * person's name, else '' (the caller picks the fallback: the id, or "unnamed profile").
 * Takes only the three fields (a type import: small screens need not load zod for it).
 */
export function profileLabel(profile: Pick<Profile, 'profileName' | 'firstName' | 'lastName'>): string {
  return profile.profileName || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
}
