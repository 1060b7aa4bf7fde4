/**
 * What other features may use of leads (issue 21: only through this file): the services'
 * types, the one move of leads the organisations' offboarding makes in its transaction (a method
 * of the lead service, issue 34), and the lead row, builders and presenter the organisation's lead list reuses.
 */
import type { LeadService } from './lead.service.ts';
import type { LeadsServices } from './leads.feature.ts';
export type { ContactService } from './contact.service.ts';
export type { LeadService } from './lead.service.ts';
export type { LeadRetention } from './lead-retention.ts';
/** Issue 24: the offboarding moves a former member's company-profile leads to another member. */
export type LeadTransfer = Pick<LeadService, 'moveToProfile'>;
/** Issue 24: a lead as the owner's list reads it, which the organisation's list extends with its member. */
export type { OwnLeadRow } from './lead.repository.ts';
export { LEAD_PROFILE_COLUMNS } from './lead-columns.ts';
export { buildLeadsCsv, LEADS_CSV_CONTENT_TYPE, type LeadsCsvColumn } from './leads-csv.builder.ts';
export { buildLeadsXlsx, LEADS_XLSX_CONTENT_TYPE } from './leads-xlsx.builder.ts';
export { presentLead } from './lead.presenter.ts';
/** Issue 36, what capture needs of leads: a captured lead stored once per clientId, through this one call (a service, issue 34). */
export type LeadCapture = LeadsServices['leadCapture'];
export type { CapturedLead } from './lead-capture.repository.ts';
/** Issue 36, what the statistics need of leads: a profile's captures per day and event. */
export type LeadCaptureStats = LeadsServices['leadCaptureStats'];
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createLeadsFeature, type LeadsServices } from './leads.feature.ts';
