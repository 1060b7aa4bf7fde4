/**
 * What other features may use of organisations (issue 24): the services' types. SCIM (issue 27)
 * builds on `OrganisationService#removeMember` (offboarding) and the membership check `access`;
 * the operator's console on `DomainService#verifyByOperator`.
 */
export type { OrganisationService, Membership } from './organisation.service.ts';
export type { InvitationService } from './invitation.service.ts';
export type { MemberTemplateService } from './member-template.service.ts';
export type { DomainService } from './domain.service.ts';
/** Issue 39: the page hosts' changes go into the organisation's audit log in this form. */
export { auditEntry } from './organisation.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createOrganisationsFeature, type OrganisationsServices } from './organisations.feature.ts';
