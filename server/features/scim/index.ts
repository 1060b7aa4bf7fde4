/**
 * What other features may use of SCIM provisioning (issue 27): the services' types. Nothing
 * else reaches into this feature; server/wiring.ts builds it, server/app.ts registers its routes.
 */
export type { ScimTokenService, ScimContext } from './scim-token.service.ts';
export type { ScimUserService } from './scim-user.service.ts';
export type { ScimGroupService } from './scim-group.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createScimFeature, type ScimServices } from './scim.feature.ts';
