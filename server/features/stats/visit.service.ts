import { linkHref } from '../../../shared/social-handle.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { ProfileStats } from '../profiles/index.ts';
import type { VisitCountRepository } from './visit-count.repository.ts';
import { countsAsVisit, type VisitClient } from './visit-decision.ts';
import type { ViewCounter } from './view-counter.ts';
import type { VisitEvent } from './visit-counts.ts';

/** Bound on the remembered link hrefs: emptied at this size (a miss costs one indexed read). */
const MAX_REMEMBERED_LINKS = 10_000;

/**
 * Issue 12: counts what visitors do on public pages, and resolves their link clicks. `record` is
 * the one entry through which every counted visit passes (issue 34): pages, scans, downloads,
 * contact exchanges, clicks and wallet passes.
 */
export function createVisitService(deps: { visits: VisitCountRepository; profiles: ProfileStats; views: ViewCounter }) {
  const { visits, profiles, views } = deps;
  /** Safe hrefs of clicked links (null: not the profile's, or not renderable), per profile stamp. */
  const hrefs = new Map<string, { stamp: number; href: string | null }>();
  /**
   * Counts a visit when the client counts as a visitor (visit-decision.ts, the one rule); without
   * a client (a contact exchange the server accepted) always: into the day's aggregates, and a
   * view of the profile's page also into its total (D10: not the link-in-bio page), a scan into
   * the card's. Memory only (written every 100 ms, view-counter.ts). Answers whether it counted.
   */
  function record(event: VisitEvent, client?: VisitClient): boolean {
    if (client && !countsAsVisit(client)) return false;
    if (event.metric === 'view' && event.source !== 'linkinbio') views.countProfile(event.profileId);
    else if (event.metric === 'scan' && event.cardId) views.countCard(event.cardId);
    views.countVisit(event);
    return true;
  }
  return {
    record,

    /**
     * GET /go/{linkId}: the href of a link of the profile (D12: http, https, mailto or tel
     * only, exactly as the page renders it) and a click counted; null when the link is not
     * that profile's, the profile is not public, or no safe href can be made of the link.
     */
    async click(profileId: string, linkId: string, source: VisitSource, client: VisitClient): Promise<string | null> {
      // Hot path, like the pages: the profile's remembered stamp decides whether the link read
      // last time still holds (every link write bumps it, profiles.change), so most clicks read nothing.
      const stamp = (await profiles.publicStamp(profileId))?.updated;
      if (stamp === undefined) return null;
      const key = `${profileId}/${linkId}`;
      let known = hrefs.get(key);
      if (known?.stamp !== stamp) {
        const link = await visits.publicLink(profileId, linkId);
        known = { stamp, href: link === undefined ? null : linkHref(link.type, link.link) };
        if (hrefs.size >= MAX_REMEMBERED_LINKS) hrefs.clear();
        hrefs.set(key, known);
      }
      const { href } = known;
      if (href === null) return null;
      record({ profileId, metric: 'click', source, linkId }, client);
      return href;
    },
  };
}
export type VisitService = ReturnType<typeof createVisitService>;
