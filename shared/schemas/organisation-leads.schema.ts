import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { leadListQuerySchema, leadSchema } from './lead.schema.ts';

/**
 * Issue 24: an organisation's leads as its admins see them: the leads left on the members'
 * company profiles (never on private ones), each with the member who received it.
 */
export const organisationLeadSchema = leadSchema.extend({
  memberId: z.string(),
  memberName: z.string(),
  memberEmail: z.string(),
});
export type OrganisationLead = z.infer<typeof organisationLeadSchema>;

/** Query of GET /find/own/organisation/leads. */
export const organisationLeadsQuerySchema = z.object({
  organisationId: idSchema,
  /** One member's leads; every member's when absent. */
  memberId: idSchema.optional(),
  /** `nextCursor` of the previous page. */
  cursor: leadListQuerySchema.shape.cursor,
});
export type OrganisationLeadsQuery = z.infer<typeof organisationLeadsQuerySchema>;

/** Answer of GET /find/own/organisation/leads: newest first, at most LEADS_PAGE_SIZE. */
export const organisationLeadListSchema = z.object({
  leads: z.array(organisationLeadSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrganisationLeadList = z.infer<typeof organisationLeadListSchema>;

/** Query of GET /download/organisation-leads.csv; `lng` names the columns in that language. */
export const organisationLeadsExportQuerySchema = z.object({
  organisationId: idSchema,
  memberId: idSchema.optional(),
  lng: z.string().max(35).optional(),
});
