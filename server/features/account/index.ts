/** What other features may use of the account (issue 21: only through this file): the service's type. */
export type { AccountService, AccountDeletionHooks } from './account.service.ts';
