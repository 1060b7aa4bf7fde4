import { toSafeHref } from '../../shared/safe-url.ts';
import type { VisitSource } from '../../shared/schemas/visit-source.schema.ts';
import { isBot } from '../lib/bots.ts';
import type { VisitCountRepository } from '../repositories/visit-count.repository.ts';
import type { ViewCounter } from './view-counter.ts';
import type { VisitEvent } from './visit-counts.ts';

/** Who asked, as far as counting cares (D10): bots and HEAD requests are not visitors. */
export interface VisitClient {
  userAgent?: string;
  /** HEAD: link checkers look, they do not visit. */
  head?: boolean;
}

/** True when a request is a visitor's and may be counted. */
export const isVisitor = (client: VisitClient) => !client.head && !isBot(client.userAgent);

/** Issue 12: counts what visitors do on public pages, and resolves their link clicks. */
export function createVisitService(deps: { visits: VisitCountRepository; views: ViewCounter }) {
  const { visits, views } = deps;
  return {
    /**
     * Counts an event for the day's aggregates unless the client is a bot or a HEAD request;
     * without a client (an exchange the server accepted) always. Memory only.
     */
    count(event: VisitEvent, client?: VisitClient): void {
      if (!client || isVisitor(client)) views.countVisit(event);
    },

    /**
     * GET /go/{linkId}: the href of a link of the profile (D12: http, https, mailto or tel
     * only, exactly as the page renders it) and a click counted; null when the link is not
     * that profile's, the profile is not public, or no safe href can be made of the link.
     */
    async click(profileId: string, linkId: string, source: VisitSource, client: VisitClient): Promise<string | null> {
      const value = await visits.publicLink(profileId, linkId);
      const href = value === undefined ? null : toSafeHref(value);
      if (href === null) return null;
      if (isVisitor(client)) views.countVisit({ profileId, metric: 'click', source, linkId });
      return href;
    },
  };
}
export type VisitService = ReturnType<typeof createVisitService>;
