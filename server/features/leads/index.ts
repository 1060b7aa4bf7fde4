/**
 * What other features may use of leads (issue 21: only through this file): the services'
 * types. No other feature reads or writes leads itself.
 */
export type { ContactService } from './contact.service.ts';
export type { LeadService } from './lead.service.ts';
export type { LeadRetention } from './lead-retention.ts';
