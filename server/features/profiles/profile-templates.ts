import type { LinkType } from '../../../shared/schemas/link.schema.ts';
import type { ProfileTextField } from '../../../shared/schemas/profile.schema.ts';
import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError } from '../../http/errors.ts';
import type { ProfileChange } from './profile.repository.ts';

/** A company link a template puts into its profiles (type, address, label). */
export interface CompanyLink {
  type: LinkType;
  link: string;
  name: string;
}

/**
 * Issue 24: what the profile rules need of organisation templates, filled by the organisations
 * feature in server/wiring.ts (profiles import no other feature). Without it no profile has a
 * template and nothing is locked.
 */
export interface ProfileTemplates {
  /** Inside the creation's change: a template's values for a new profile of `owner`; throws 404 when it is not one of their organisation's. */
  valuesFor(
    owner: Owner,
    templateId: string,
    change: ProfileChange,
  ): Promise<{ values: Partial<Record<ProfileTextField, string>>; locked: readonly ProfileTextField[]; links: readonly CompanyLink[] }>;
  /** Inside the creation's change: the new profile follows the template from now on. */
  attach(owner: Owner, profileId: string, templateId: string, change: ProfileChange): Promise<void>;
  /** The locked fields of a profile with the values they must keep; empty when none. */
  lockedOf(profileId: string): Promise<Partial<Record<ProfileTextField, string>>>;
  /** Whether the profile's template locks its company links (the links it put there, `link.templateId`). */
  linksLocked(profileId: string): Promise<boolean>;
}

/** 403 `cmc/field-locked` naming `links`: a company link of a template that locks them was changed or removed. */
export const linksLocked = () =>
  new AppError(403, TeamErrorCode.fieldLocked, "links: your organisation's template locks its company links; you may add your own.", 'links');

/** 403 `cmc/field-locked` naming the first field of `patch` whose value differs from what its lock keeps. */
export function assertUnlocked(patch: Partial<Record<ProfileTextField, string>>, locked: Partial<Record<ProfileTextField, string>>): void {
  for (const [field, value] of Object.entries(patch) as Array<[ProfileTextField, string]>) {
    const kept = locked[field];
    if (kept !== undefined && value !== kept) {
      throw new AppError(403, TeamErrorCode.fieldLocked, `${field}: your organisation's template locks this field.`, field);
    }
  }
}
