import { apiRequest } from '../../lib/api-client.ts';

/**
 * Owner calls of SPEC 7 on links that the app makes itself. The editor creates, changes and
 * reorders links through POST /profile/save (one transaction); only a delete is its own call.
 */
export const linksApi = {
  /** POST /social-media-link/remove. */
  remove: (socialMediaLinkId: string) => apiRequest<unknown>('/social-media-link/remove', { body: { socialMediaLinkId } }),
};
