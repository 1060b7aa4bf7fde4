import { linkCreatedSchema, type LinkType } from '../../../shared/schemas/link.schema.ts';
import { apiRequest } from './api-client.ts';

/** Owner calls of SPEC 7 on links. */
export const linksApi = {
  /** POST /social-media-link/create; answers the new id as `socialMediaLinkId`. */
  create: (input: { profileId: string; type: LinkType; link: string; name: string; sort: number }) =>
    apiRequest('/social-media-link/create', { body: input, schema: linkCreatedSchema }),
  /** POST /social-media-link/update. */
  update: (input: { socialMediaLinkId: string; type?: LinkType; link?: string; name?: string; sort?: number }) =>
    apiRequest<unknown>('/social-media-link/update', { body: input }),
  /** POST /social-media-link/remove. */
  remove: (socialMediaLinkId: string) => apiRequest<unknown>('/social-media-link/remove', { body: { socialMediaLinkId } }),
};
