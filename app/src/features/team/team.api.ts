import { z } from 'zod';
import {
  auditListSchema,
  invitationListSchema,
  invitationSchema,
  memberListSchema,
  memberRemovedSchema,
  type memberRemoveSchema,
  organisationSchema,
  type OrganisationRole,
} from '../../../../shared/schemas/organisation.schema.ts';
import { templateListSchema, type TemplateSaveInput } from '../../../../shared/schemas/organisation-template.schema.ts';
import type { Invitee } from '../../../../shared/schemas/organisation.schema.ts';
import { cardsCsvResultSchema, organisationCardListSchema, organisationCardSchema } from '../../../../shared/schemas/organisation-card.schema.ts';
import { formerMemberListSchema, leadsTransferredSchema, organisationLeadListSchema } from '../../../../shared/schemas/organisation-leads.schema.ts';
import { organisationStatsSchema } from '../../../../shared/schemas/organisation-stats.schema.ts';
import { apiDownloadFile, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

const q = (organisationId: string) => `?organisationId=${encodeURIComponent(organisationId)}`;

/** Query keys of the Team area. */
export const teamKeys = {
  all: ['team'] as const,
  own: () => ['team', 'own'] as const,
  members: (id: string) => ['team', id, 'members'] as const,
  invitations: (id: string) => ['team', id, 'invitations'] as const,
  templates: (id: string) => ['team', id, 'templates'] as const,
  audit: (id: string) => ['team', id, 'audit'] as const,
  cards: (id: string) => ['team', id, 'cards'] as const,
  leads: (id: string, memberId: string) => ['team', id, 'leads', memberId] as const,
  stats: (id: string, days: number) => ['team', id, 'stats', days] as const,
  formerMembers: (id: string) => ['team', id, 'former-members'] as const,
};

/** Where a removed member's organisation cards and company leads go (the offboarding); unset: cards unassigned, leads to the remover when they can take them. */
export type RemovalChoice = Pick<z.infer<typeof memberRemoveSchema>, 'cardsTo' | 'leadsTo'>;

/** Issue 24's owner calls. */
export const teamApi = {
  /** GET /find/own/organisation; null when the account belongs to none. */
  own: () =>
    apiRequest('/find/own/organisation', { schema: organisationSchema }).catch((error: { status?: number }) => {
      if (error.status === 404) return null;
      throw error;
    }),
  create: (name: string) => apiRequest('/organisation/create', { body: { name }, schema: organisationSchema }),
  members: (id: string) => apiRequest(`/find/own/organisation/members${q(id)}`, { schema: memberListSchema }),
  setRole: (organisationId: string, userId: string, role: OrganisationRole) =>
    apiRequest<unknown>('/organisation/member/role', { body: { organisationId, userId, role } }),
  /** POST /organisation/member/remove; answers who received the leads (`leadsTo`, null when they stayed on the profile). */
  remove: (organisationId: string, userId: string, choice: RemovalChoice = {}) =>
    apiRequest('/organisation/member/remove', { body: { organisationId, userId, ...choice }, schema: memberRemovedSchema }),
  /** GET /find/own/organisation/former-members: people who left, with the leads their former company profiles hold (issue 35). */
  formerMembers: (id: string) => apiRequest(`/find/own/organisation/former-members${q(id)}`, { schema: formerMemberListSchema }),
  /** POST /organisation/leads/transfer: a former member's leads to a member's company profile. */
  transferLeads: (organisationId: string, fromUserId: string, toUserId: string) =>
    apiRequest('/organisation/leads/transfer', { body: { organisationId, fromUserId, toUserId }, schema: leadsTransferredSchema }),
  cards: (id: string) => apiRequest(`/find/own/organisation/cards${q(id)}`, { schema: organisationCardListSchema }),
  registerCards: (organisationId: string, cardIds: string[]) =>
    apiRequest('/organisation/cards/register', { body: { organisationId, cardIds }, schema: z.object({ registered: z.number() }) }),
  /** POST /organisation/card/assign; `profileId` picks which of the member's company profiles the card shows (else their oldest). */
  assignCard: (organisationId: string, cardId: string, userId: string, profileId?: string) =>
    apiRequest('/organisation/card/assign', { body: { organisationId, cardId, userId, profileId }, schema: organisationCardSchema }),
  unassignCard: (organisationId: string, cardId: string) =>
    apiRequest('/organisation/card/unassign', { body: { organisationId, cardId }, schema: organisationCardSchema }),
  assignCsv: (organisationId: string, csv: string) =>
    apiRequest('/organisation/cards/assign-csv', { body: { organisationId, csv }, schema: cardsCsvResultSchema }),
  invite: (organisationId: string, emails: string[], role: 'admin' | 'member') =>
    apiRequest('/organisation/invite', { body: { organisationId, emails, role }, schema: z.object({ invitations: z.array(invitationSchema) }) }),
  /** POST /organisation/invite with the CSV's people: names and job titles start their company profile. */
  inviteMany: (organisationId: string, invitees: Invitee[], role: 'admin' | 'member') =>
    apiRequest('/organisation/invite', { body: { organisationId, invitees, role }, schema: z.object({ invitations: z.array(invitationSchema) }) }),
  invitations: (id: string) => apiRequest(`/find/own/organisation/invitations${q(id)}`, { schema: invitationListSchema }),
  resend: (organisationId: string, invitationId: string) => apiRequest<unknown>('/organisation/invitation/resend', { body: { organisationId, invitationId } }),
  revoke: (organisationId: string, invitationId: string) => apiRequest<unknown>('/organisation/invitation/revoke', { body: { organisationId, invitationId } }),
  accept: (token: string) => apiRequest('/organisation/invitation/accept', { body: { token }, schema: organisationSchema }),
  templates: (id: string) => apiRequest(`/find/own/organisation/templates${q(id)}`, { schema: templateListSchema }),
  /** POST /organisation/template/save: a new template without `templateId`, else a change of it. */
  saveTemplate: (body: TemplateSaveInput) => apiRequest('/organisation/template/save', { body, schema: z.object({ templateId: z.string() }) }),
  /** POST /profile/create {templateId}: the member's company profile from a template (its id). */
  createCompanyProfile: (templateId: string, profileName: string) =>
    apiRequest('/profile/create', { body: { templateId, profileName }, schema: z.object({ id: z.string() }) }),
  audit: (id: string) => apiRequest(`/find/own/organisation/audit${q(id)}`, { schema: auditListSchema }),
  /** GET /find/own/organisation/leads: a page of the members' company-profile leads, one member's when `memberId` is set. */
  leads: (id: string, memberId: string, cursor?: string) =>
    apiRequest(
      `/find/own/organisation/leads${q(id)}${memberId ? `&memberId=${encodeURIComponent(memberId)}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      {
        schema: organisationLeadListSchema,
      },
    ),
  /** GET /find/own/organisation/stats over the last `days`. */
  stats: (id: string, days: number) => apiRequest(`/find/own/organisation/stats${q(id)}&days=${days}`, { schema: organisationStatsSchema }),
  /** GET /download/organisation-leads.csv (for imports) or, issue 35, .xlsx (for spreadsheets); columns and labels in `lng`. */
  async leadsExport(kind: 'csv' | 'xlsx', id: string, memberId: string, lng: string) {
    const member = memberId ? `&memberId=${encodeURIComponent(memberId)}` : '';
    const { blob, fileName } = await apiDownloadFile(`/download/organisation-leads.${kind}${q(id)}${member}&lng=${encodeURIComponent(lng)}`);
    saveBlob(blob, fileName ?? `organisation-leads.${kind}`);
  },
  /** GET /download/organisation-audit.csv, saved under the server's file name; headers in `lng`. */
  async auditCsv(id: string, lng: string) {
    const { blob, fileName } = await apiDownloadFile(`/download/organisation-audit.csv${q(id)}&lng=${encodeURIComponent(lng)}`);
    saveBlob(blob, fileName ?? 'audit.csv');
  },
};
