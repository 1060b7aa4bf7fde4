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

/**
 * Issue 35: a former member whose company profile (made from one of the organisation's
 * templates, marked as left) still holds leads the company may want back.
 */
export const formerMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** Leads left on their former company profiles. */
  leads: z.number(),
});
export type FormerMember = z.infer<typeof formerMemberSchema>;
/** Answer of GET /find/own/organisation/former-members. */
export const formerMemberListSchema = z.object({ formerMembers: z.array(formerMemberSchema) });
export type FormerMemberList = z.infer<typeof formerMemberListSchema>;

/**
 * Body of POST /organisation/leads/transfer: the leads of `fromUserId`'s former company profiles
 * go to `toUserId`'s company profile (a member now, with one).
 */
export const leadsTransferSchema = z
  .object({ organisationId: idSchema, fromUserId: idSchema, toUserId: idSchema })
  .refine((body) => body.fromUserId !== body.toUserId, { path: ['toUserId'], message: 'must be another person than fromUserId' });
export type LeadsTransferInput = z.infer<typeof leadsTransferSchema>;
/** Answer of POST /organisation/leads/transfer: how many leads moved. */
export const leadsTransferredSchema = z.object({ fromUserId: z.string(), toUserId: z.string(), moved: z.number() });
export type LeadsTransferred = z.infer<typeof leadsTransferredSchema>;
