import { ErrorCode } from '../../../shared/error-codes.ts';
import type { PublicLink } from '../../../shared/schemas/public-profile.schema.ts';
import type { Link, LinkCreateInput, LinkUpdateInput, LinkType } from '../../../shared/schemas/link.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { LinkRow } from '../../db/tables.ts';
import { AppError, notFound, profileNotFound } from '../../http/errors.ts';
import { handleLinkProblem, linkFromHandle } from '../../../shared/social-handle.ts';
import { newLinkId } from '../../lib/ids.ts';
import { presentLink } from './link.presenter.ts';
import { presentPublicLink } from './public-profile.presenter.ts';
import type { LinkRepository } from './link.repository.ts';
import type { ProfileRepository } from './profile.repository.ts';
import { linksLocked, type ProfileTemplates } from './profile-templates.ts';

const linkNotFound = () => notFound(ErrorCode.linkNotFound, 'Link not found.');

/** Puts `id` at 1-based `position` (clamped) in the order of `rows`: the move semantics of sort. */
export function orderWithMove(rows: Pick<LinkRow, 'id'>[], id: string, position: number): string[] {
  const rest = rows.map((r) => r.id).filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  rest.splice(at, 0, id);
  return rest;
}

/**
 * A new value without a new type is read as the stored type's (the schema only knows both
 * together): a user name becomes the network's address, and one that cannot is a 400 (issue 35).
 */
function withStoredType<T extends { type?: LinkType; link?: string }>(input: T, stored: LinkType): T {
  if (input.type !== undefined || input.link === undefined) return input;
  const link = linkFromHandle(stored, input.link);
  const problem = handleLinkProblem(stored, link);
  if (problem) throw new AppError(400, ErrorCode.invalidInput, `link: ${problem}`, 'link');
  return { ...input, link };
}

/**
 * Links of a profile. Sort is kept 1..n without gaps or duplicates (SPEC 4, 9): a create or a
 * sort change moves the link to that position and renumbers the others, so a client that
 * saves every link with its new position 1..n in turn ends with exactly that order.
 */
export function createLinkService(deps: { profiles: ProfileRepository; links: LinkRepository; templates?: ProfileTemplates }) {
  const { profiles, links, templates } = deps;

  async function ownLinkOrThrow(owner: Owner, id: string): Promise<LinkRow> {
    const row = await links.findOwn(owner.userId, id);
    if (!row) throw linkNotFound();
    return row;
  }
  /** Issue 24: a company link of a template that locks them is not the owner's to change or remove (403 naming `links`). */
  async function assertNotLockedCompanyLink(row: LinkRow): Promise<void> {
    if (row.templateId && templates && (await templates.linksLocked(row.profileId))) throw linksLocked();
  }

  return {
    async create(owner: Owner, input: LinkCreateInput & { type: LinkType; name: string }): Promise<Link & { socialMediaLinkId: string }> {
      if (!(await profiles.findOwn(owner.userId, input.profileId))) throw profileNotFound();
      const now = Date.now();
      const id = newLinkId();
      // The change locks the profile's row first, so concurrent changes of one profile's links
      // take turns and each numbers from what the previous one committed.
      await profiles.change([input.profileId], async (trx) => {
        const existing = await links.listByProfile(input.profileId, trx);
        await links.insert(
          {
            id,
            profileId: input.profileId,
            userId: owner.userId,
            type: input.type,
            link: input.link,
            name: input.name,
            sort: existing.length + 1,
            created: now,
            updated: now,
          },
          trx,
        );
        await links.renumber(orderWithMove([...existing, { id }], id, input.sort ?? existing.length + 1), now, trx);
      });
      const row = (await links.findOwn(owner.userId, id))!;
      return { ...presentLink(row), socialMediaLinkId: id };
    },

    async update(owner: Owner, update: LinkUpdateInput & { type?: LinkType }): Promise<Link> {
      const current = await ownLinkOrThrow(owner, update.socialMediaLinkId);
      const input = withStoredType(update, current.type as LinkType);
      // Moving a locked company link is fine; changing what it says is not.
      const changes = (['type', 'link', 'name'] as const).some((k) => input[k] !== undefined && input[k] !== current[k]);
      if (changes) await assertNotLockedCompanyLink(current);
      const now = Date.now();
      await profiles.change([current.profileId], async (trx) => {
        // Removed by a request that held the lock before this one: nothing to update.
        if (!(await links.findOwn(owner.userId, current.id, trx))) throw linkNotFound();
        await links.update(current.id, { type: input.type, link: input.link, name: input.name, updated: now }, trx);
        if (input.sort !== undefined) {
          const all = await links.listByProfile(current.profileId, trx);
          await links.renumber(orderWithMove(all, current.id, input.sort), now, trx);
        }
      });
      return presentLink((await links.findOwn(owner.userId, current.id))!);
    },

    async remove(owner: Owner, linkId: string): Promise<{ socialMediaLinkId: string; removed: true }> {
      const current = await ownLinkOrThrow(owner, linkId);
      await assertNotLockedCompanyLink(current);
      const now = Date.now();
      await profiles.change([current.profileId], async (trx) => {
        if (!(await links.findOwn(owner.userId, current.id, trx))) throw linkNotFound();
        await links.delete(current.id, trx);
        const rest = await links.listByProfile(current.profileId, trx);
        await links.renumber(
          rest.map((r) => r.id),
          now,
          trx,
        );
      });
      return { socialMediaLinkId: linkId, removed: true };
    },

    async findOwn(owner: Owner, linkId: string): Promise<Link> {
      return presentLink(await ownLinkOrThrow(owner, linkId));
    },

    async listOwnByProfile(owner: Owner, profileId: string): Promise<Link[]> {
      if (!(await profiles.findOwn(owner.userId, profileId))) throw profileNotFound();
      return (await links.listByProfile(profileId)).map(presentLink);
    },

    /** The only anonymous link call (SPEC 6): links of a public profile. */
    async listPublic(profileId: string): Promise<PublicLink[]> {
      const row = await profiles.findActive(profileId);
      if (!row) throw profileNotFound();
      // Issue 24: a former member's company profile shows none of their links.
      if (row.leftCompany) return [];
      return (await links.listByProfile(profileId)).map((row) => presentPublicLink(presentLink(row)));
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
