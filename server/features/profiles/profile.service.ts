import { ErrorCode } from '../../../shared/error-codes.ts';
import {
  PROFILE_TEXT_FIELDS,
  type LockedFields,
  type Profile,
  type ProfileCreateInput,
  type ProfileSaveData,
  type ProfileUpdateInput,
} from '../../../shared/schemas/profile.schema.ts';
import type { LinkType } from '../../../shared/schemas/link.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { NewProfileRow } from '../../db/tables.ts';
import { AppError, conflict, notFound, profileNotFound } from '../../http/errors.ts';
import { newLinkId, newProfileId, newShortLinkId } from '../../lib/ids.ts';
import { mediaPath, presentPageBrand, presentProfile } from './profile.presenter.ts';
import { assertThemeContrast, editableFields, patchOf, themePatch } from './profile-patch.ts';
import type { LinkRepository } from './link.repository.ts';
import type { ProfileChange, ProfileRepository, ProfileWithUse } from './profile.repository.ts';
import type { ProfileJsonCache } from './profile-json.cache.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { ViewCounter } from '../stats/index.ts';
import { assertUnlocked, linksLocked, type ProfileTemplates } from './profile-templates.ts';
import { noBrands, type ProfileBrands } from './profile-brand.ts';

/** Profiles an account may keep (not deleted), and how fast it may create them (docs/security.md). */
export const PROFILE_LIMITS = { maxLive: 50 } as const;
export const PROFILE_CREATION_RULE: RateRule = { name: 'profile-create', max: 20, windowMs: 60 * 60 * 1000 };

const profileLimitReached = () =>
  conflict(ErrorCode.profileLimitReached, `An account can keep at most ${PROFILE_LIMITS.maxLive} profiles. Delete one you no longer need first.`);
const linkNotFound = () => notFound(ErrorCode.linkNotFound, 'Link not found.');

/** The owner's profiles: SPEC 4 and D8 rules. */
export function createProfileService(deps: {
  profiles: ProfileRepository;
  links: LinkRepository;
  views: ViewCounter;
  jsonCache: ProfileJsonCache;
  rateLimiter: RateLimiter;
  templates?: ProfileTemplates;
  brands?: ProfileBrands;
}) {
  const { profiles, links, views, jsonCache, rateLimiter, templates, brands = noBrands } = deps;

  // Stored view counts are read with no write of counted views under way (view-counter.ts settledRead): the pending ones taken right after are exact.
  const findOwn = (userId: string, profileId: string) => views.settledRead(() => profiles.findOwn(userId, profileId));
  const listOwn = (userId: string) => views.settledRead(() => profiles.listOwn(userId));
  const ownStamp = (userId: string, profileId: string) => views.settledRead(() => profiles.ownStamp(userId, profileId));

  /** A presented profile, its view count including views counted but not yet written (D10); call it right after the row's read. */
  async function present(row: ProfileWithUse): Promise<Profile> {
    const pendingViews = views.pendingProfile(row.id);
    return presentProfile(row, await links.listByProfile(row.id), pendingViews);
  }

  async function ownOrThrow(owner: Owner, profileId: string): Promise<ProfileWithUse> {
    const row = await findOwn(owner.userId, profileId);
    if (!row) throw profileNotFound();
    return row;
  }

  /** A new profile row with every text field blank unless given; used by card registration too. */
  async function insertProfile(owner: Owner, input: ProfileCreateInput, change: ProfileChange): Promise<string> {
    const now = Date.now();
    assertThemeContrast(input);
    const template = input.templateId && templates ? await templates.valuesFor(owner, input.templateId, change) : undefined;
    if (template) assertUnlocked(editableFields(input), Object.fromEntries(template.locked.map((f) => [f, template.values[f] ?? ''])));
    const id = newProfileId();
    const blank = Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, ''])) as Record<(typeof PROFILE_TEXT_FIELDS)[number], string>;
    const row: NewProfileRow = {
      ...blank,
      ...template?.values,
      ...editableFields(input),
      id,
      userId: owner.userId,
      profileImageKey: null,
      profileLogoKey: null,
      shortLinkId: newShortLinkId(),
      ...themePatch(input),
      layout: input.layout ?? 'default',
      type: input.type ?? 'DEFAULT',
      status: 'ACTIVE',
      created: now,
      updated: now,
    };
    await profiles.insert(row, change);
    if (template && input.templateId) {
      await templates!.attach(owner, id, input.templateId, change);
      // The template's company links come first; the owner's own follow (POST /profile/save).
      for (const [index, l] of template.links.entries()) {
        const link = { id: newLinkId(), profileId: id, userId: owner.userId, type: l.type, link: l.link, name: l.name, sort: index + 1 };
        await links.insert({ ...link, created: now, updated: now, templateId: input.templateId }, change);
      }
    }
    return id;
  }

  /**
   * Inside a change: the profile's links become exactly `list`, in its order (sort 1..n). With
   * `companyLocked` (issue 24) every company link of its template must be in `list` unchanged.
   */
  async function writeLinks(owner: Owner, profileId: string, list: ProfileSaveData['links'], change: ProfileChange, companyLocked = false): Promise<void> {
    const now = Date.now();
    const stored = new Map((await links.listByProfile(profileId, change)).map((row) => [row.id, row]));
    // Another profile's or owner's link, or one removed meanwhile: 404, and the change rolls back.
    for (const l of list) if (l.socialMediaLinkId && !stored.has(l.socialMediaLinkId)) throw linkNotFound();
    if (companyLocked) {
      const sent = new Map(list.map((l) => [l.socialMediaLinkId, l]));
      for (const row of stored.values()) {
        const l = row.templateId ? sent.get(row.id) : row;
        if (!l || l.type !== row.type || l.link !== row.link || l.name !== row.name) throw linksLocked();
      }
    }
    const kept = new Set(list.map((l) => l.socialMediaLinkId));
    for (const id of stored.keys()) if (!kept.has(id)) await links.delete(id, change);
    for (const [index, l] of list.entries()) {
      const sort = index + 1;
      const row = l.socialMediaLinkId ? stored.get(l.socialMediaLinkId) : undefined;
      if (!row) {
        const id = newLinkId();
        await links.insert({ id, profileId, userId: owner.userId, type: l.type, link: l.link, name: l.name, sort, created: now, updated: now }, change);
      } else if (row.type !== l.type || row.link !== l.link || row.name !== l.name || row.sort !== sort) {
        await links.update(row.id, { type: l.type, link: l.link, name: l.name, sort, updated: now }, change);
      }
    }
  }

  return {
    insertProfile,

    /** A new profile, within the account's limits: creations per hour, then profiles kept. */
    async create(owner: Owner, input: ProfileCreateInput): Promise<Profile> {
      await rateLimiter.consume([[PROFILE_CREATION_RULE, owner.userId]], 'Too many new profiles in a short time. Please try again later.');
      // A new profile has no stamp to bump yet: the change only gives the creation its transaction.
      const id = await profiles.change([], async (trx) => {
        if ((await profiles.countLiveLocked(owner.userId, trx)) >= PROFILE_LIMITS.maxLive) throw profileLimitReached();
        return insertProfile(owner, input, trx);
      });
      return present((await findOwn(owner.userId, id))!);
    },

    async update(owner: Owner, input: ProfileUpdateInput): Promise<Profile> {
      assertThemeContrast(input, await ownOrThrow(owner, input.id));
      if (templates) assertUnlocked(editableFields(input), await templates.lockedOf(input.id));
      if (!(await profiles.change([input.id], (change) => profiles.updateOwn(owner.userId, input.id, patchOf(input), change)))) throw profileNotFound();
      return present((await findOwn(owner.userId, input.id))!);
    },

    /**
     * POST /profile/save: the profile and its whole ordered link list in one transaction, so a
     * failure anywhere leaves the profile and its links exactly as they were (docs/decisions.md).
     * Without an id it is a creation, within the same limits as POST /profile/create.
     */
    async save(owner: Owner, input: ProfileSaveData): Promise<Profile> {
      const { profile, links: list } = input;
      let id = profile.id;
      if (id === undefined) {
        // A new profile has no links yet: any id in the list is someone else's.
        if (list.some((l) => l.socialMediaLinkId)) throw linkNotFound();
        await rateLimiter.consume([[PROFILE_CREATION_RULE, owner.userId]], 'Too many new profiles in a short time. Please try again later.');
        id = await profiles.change([], async (change) => {
          if ((await profiles.countLiveLocked(owner.userId, change)) >= PROFILE_LIMITS.maxLive) throw profileLimitReached();
          const created = await insertProfile(owner, profile, change);
          // The template's company links stay first; the sent links are the owner's own.
          const company = (await links.listByProfile(created, change)).map((r) => ({
            socialMediaLinkId: r.id,
            type: r.type as LinkType,
            link: r.link,
            name: r.name,
          }));
          await writeLinks(owner, created, [...company, ...list], change);
          return created;
        });
      } else {
        const profileId = id;
        assertThemeContrast(profile, await ownOrThrow(owner, profileId));
        if (templates) assertUnlocked(editableFields(profile), await templates.lockedOf(profileId));
        const companyLocked = templates ? await templates.linksLocked(profileId) : false;
        await profiles.change([profileId], async (change) => {
          if (!(await profiles.updateOwn(owner.userId, profileId, patchOf(profile), change))) throw profileNotFound();
          await writeLinks(owner, profileId, list, change, companyLocked);
        });
      }
      return present((await findOwn(owner.userId, id))!);
    },

    /** D8: a soft delete, refused while a card points at the profile. */
    async remove(owner: Owner, profileId: string): Promise<{ id: string; status: 'DELETED' }> {
      const row = await ownOrThrow(owner, profileId);
      if (row.isInUse) throw conflict(ErrorCode.profileInUse, 'This profile is assigned to a card. Assign the card to another profile first.');
      await profiles.change([profileId], (change) => profiles.updateOwn(owner.userId, profileId, { status: 'DELETED' }, change));
      return { id: profileId, status: 'DELETED' };
    },

    /** D8: INACTIVE profiles are hidden from public pages; ACTIVE shows them again. */
    async setActive(owner: Owner, profileId: string, active: boolean): Promise<Profile> {
      await ownOrThrow(owner, profileId);
      await profiles.change([profileId], (change) => profiles.updateOwn(owner.userId, profileId, { status: active ? 'ACTIVE' : 'INACTIVE' }, change));
      return present((await findOwn(owner.userId, profileId))!);
    },

    async findOwn(owner: Owner, profileId: string): Promise<Profile> {
      return present(await ownOrThrow(owner, profileId));
    },

    /** Issue 24: which fields of the owner's profile its organisation's template locks (none without one). */
    async lockedFields(owner: Owner, profileId: string): Promise<LockedFields> {
      await ownOrThrow(owner, profileId);
      const locked = templates ? await templates.lockedOf(profileId) : {};
      const fields = PROFILE_TEXT_FIELDS.filter((field) => field in locked);
      if (!templates || !(await templates.linksLocked(profileId))) return { lockedFields: fields, lockedLinkIds: [] };
      const company = (await links.listByProfile(profileId)).filter((row) => row.templateId);
      return { lockedFields: [...fields, 'links'], lockedLinkIds: company.map((row) => row.id) };
    },

    /** GET /find/own/profile/brand: the brand its page shows (issue 24 with 26), for the app's preview; none on a former member's notice page. */
    async ownBrand(owner: Owner, profileId: string) {
      const row = await findOwn(owner.userId, profileId);
      if (!row) throw profileNotFound('profileId');
      const brand = row.leftCompany ? null : await brands.brandOf(profileId);
      return { brand: brand && presentPageBrand(brand), pageOrigin: brand?.pageOrigin ?? null }; // issue 39: the share panel's address
    },

    /** POST /find/own/profile/by-id as JSON text: one read on the hot path, the JSON from the cache. */
    async findOwnJson(owner: Owner, profileId: string): Promise<Buffer> {
      const stamp = await ownStamp(owner.userId, profileId);
      if (!stamp) throw profileNotFound();
      const count = stamp.profileViews + views.pendingProfile(profileId);
      return jsonCache.json(profileId, stamp.updated, count, async () =>
        presentProfile(await ownOrThrow(owner, profileId), await links.listByProfile(profileId)),
      );
    },

    /** GET /find/own/profiles/active: an object keyed by profile id (SPEC 7). */
    async listOwn(owner: Owner): Promise<Record<string, Profile>> {
      const rows = await listOwn(owner.userId);
      const pendingViews = rows.map((row) => views.pendingProfile(row.id));
      const allLinks = await links.listByProfiles(rows.map((r) => r.id));
      const linksOf = (id: string) => allLinks.filter((l) => l.profileId === id);
      return Object.fromEntries(rows.map((row, i) => [row.id, presentProfile(row, linksOf(row.id), pendingViews[i])]));
    },

    /** SPEC 5: letters and digits (schema), different from the current one, unique. */
    async updateShortLinkId(owner: Owner, profileId: string, shortLinkId: string): Promise<Profile> {
      const row = await ownOrThrow(owner, profileId);
      if (row.shortLinkId === shortLinkId) {
        throw new AppError(400, ErrorCode.shortLinkUnchanged, 'shortLinkId: the new short link id is the same as the current one.', 'shortLinkId');
      }
      const taken = () => conflict(ErrorCode.shortLinkTaken, 'This short link id is already taken. Please choose another one.');
      if (row.shortLinkId.toLowerCase() !== shortLinkId.toLowerCase() && (await profiles.shortLinkTaken(shortLinkId))) throw taken();
      try {
        await profiles.change([profileId], (change) => profiles.updateOwn(owner.userId, profileId, { shortLinkId }, change));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return present((await findOwn(owner.userId, profileId))!);
    },

    /** D15. */
    async loginImage(owner: Owner): Promise<{ loginImagePath: string | null }> {
      return { loginImagePath: mediaPath(await profiles.latestImageKey(owner.userId)) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
