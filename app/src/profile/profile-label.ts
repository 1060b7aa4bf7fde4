/**
 * What the owner app calls a profile in lists, menus and headings: its profile name, else the
 * person's name, else '' (the caller picks the fallback: the id, or "unnamed profile").
 * Structural, without the shared schemas, so small screens need not load zod for it.
 */
export function profileLabel(profile: { profileName: string; firstName: string; lastName: string }): string {
  return profile.profileName || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
}
