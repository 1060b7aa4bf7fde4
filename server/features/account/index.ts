/** What other features may use of the account (issue 21: only through this file): the service's type. */
export type { AccountService, AccountDeletionHooks } from './account.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createAccountFeature, type AccountServices } from './account.feature.ts';
