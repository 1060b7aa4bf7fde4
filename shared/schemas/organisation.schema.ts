import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { visitorEmailSchema } from './contact.schema.ts';
import { PROFILE_FIELD_MAX } from './profile.schema.ts';

/** Issue 24: the roles in an organisation, most powerful first. */
export const ORGANISATION_ROLES = ['owner', 'admin', 'member'] as const;
export const organisationRoleSchema = z.enum(ORGANISATION_ROLES);
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;
/** The roles an invitation may carry: owners are made by a hand-over, never by mail. */
export const INVITATION_ROLES = ['admin', 'member'] as const;

/** Most addresses one invitation call takes (a CSV of a department, not of the whole company). */
export const INVITE_MAX = 100;

const nameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must have at most 120 characters');
/** A brand colour as `#rrggbb` (lower-cased), or '' for none. */
export const brandColourSchema = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'must be a colour like #1a2b3c')
  .transform((v) => v.toLowerCase());
const inviteeEmailSchema = visitorEmailSchema.transform((v) => v.toLowerCase());

/**
 * The brand colours (issue 24 with 26, docs/themes.md): `brandColour` is the accent of the
 * company profiles' light pages, `brandColourDark` of their dark ones ('' derives it). Both are
 * checked for WCAG AA contrast by the service (400 `cmc/low-contrast` with a suggestion).
 */
export const organisationCreateSchema = z.object({
  name: nameSchema,
  brandColour: brandColourSchema.optional().default(''),
  brandColourDark: brandColourSchema.optional().default(''),
});
export const organisationUpdateSchema = z.object({
  organisationId: idSchema,
  name: nameSchema.optional(),
  brandColour: brandColourSchema.optional(),
  brandColourDark: brandColourSchema.optional(),
});
/** Body of POST /organisation/logo/delete. */
export const organisationLogoDeleteSchema = z.object({ organisationId: idSchema });
export const organisationQuerySchema = z.object({ organisationId: idSchema });

const personField = (field: 'firstName' | 'lastName' | 'jobTitle') =>
  z.string().trim().max(PROFILE_FIELD_MAX[field], `must have at most ${PROFILE_FIELD_MAX[field]} characters`).default('');
/** One invitee of the admin's CSV (issue 24): the address, and the name and job title their company profile starts with. */
export const inviteeSchema = z.object({
  email: inviteeEmailSchema,
  firstName: personField('firstName'),
  lastName: personField('lastName'),
  jobTitle: personField('jobTitle'),
});
export type Invitee = z.output<typeof inviteeSchema>;

/**
 * Body of POST /organisation/invite: `emails` (addresses only) and/or `invitees` (with names and
 * job titles, issue 24's CSV); together 1–100 distinct addresses.
 */
export const organisationInviteSchema = z
  .object({
    organisationId: idSchema,
    emails: z
      .array(inviteeEmailSchema)
      .max(INVITE_MAX, `must name at most ${INVITE_MAX} addresses`)
      .refine((list) => new Set(list).size === list.length, 'must not name an address twice')
      .default([]),
    invitees: z.array(inviteeSchema).max(INVITE_MAX, `must name at most ${INVITE_MAX} people`).default([]),
    role: z.enum(INVITATION_ROLES).default('member'),
  })
  .superRefine((body, ctx) => {
    const total = body.emails.length + body.invitees.length;
    const field = body.invitees.length ? 'invitees' : 'emails';
    if (total === 0) ctx.addIssue({ code: 'custom', path: [field], message: 'must name at least one address' });
    if (total > INVITE_MAX) ctx.addIssue({ code: 'custom', path: [field], message: `must name at most ${INVITE_MAX} addresses` });
    const seen = new Set(body.emails);
    body.invitees.forEach((invitee, index) => {
      if (seen.has(invitee.email)) ctx.addIssue({ code: 'custom', path: ['invitees', index, 'email'], message: 'must not name an address twice' });
      seen.add(invitee.email);
    });
  })
  /** Every invitee, those named only by address with empty names. */
  .transform(({ emails, invitees, ...rest }) => ({
    ...rest,
    invitees: [...emails.map((email): Invitee => ({ email, firstName: '', lastName: '', jobTitle: '' })), ...invitees],
  }));
export type OrganisationInviteInput = z.input<typeof organisationInviteSchema>;
export const invitationIdBodySchema = z.object({ organisationId: idSchema, invitationId: idSchema });
export const invitationAcceptSchema = z.object({ token: z.string().trim().min(20, 'must be the token of the invitation link').max(200) });
/** Issue 35: answer of the public POST /organisation/invitation/show: who invites, nothing more. */
export const invitationPreviewSchema = z.object({ organisationName: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const memberRoleSchema = z.object({ organisationId: idSchema, userId: idSchema, role: organisationRoleSchema });
/**
 * The offboarding: `cardsTo` receives the member's organisation cards (else they are unassigned
 * and keep showing the "no longer works here" page), `leadsTo` the leads of their company
 * profiles. Without `leadsTo` the leads go to the remover's company profile (issue 35: the
 * company's leads stay the company's); only when the remover has none do they stay on the
 * former member's profile, from where `POST /organisation/leads/transfer` moves them later.
 * Neither may be the member removed.
 */
export const memberRemoveSchema = z
  .object({ organisationId: idSchema, userId: idSchema, cardsTo: idSchema.optional(), leadsTo: idSchema.optional() })
  .superRefine((body, ctx) => {
    for (const field of ['cardsTo', 'leadsTo'] as const)
      if (body[field] === body.userId) ctx.addIssue({ code: 'custom', path: [field], message: 'must be another member than the one removed' });
  });

/** The caller's organisation and their role in it. */
export const organisationSchema = z.object({
  organisationId: z.string(),
  name: z.string(),
  brandColour: z.string(),
  brandColourDark: z.string(),
  /** The brand's logo on the company profiles' pages (issue 24), null for none. */
  logoPath: z.string().nullable(),
  role: organisationRoleSchema,
  memberCount: z.number(),
  created: z.number(),
  updated: z.number(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: organisationRoleSchema,
  joined: z.number(),
  /** Issue 35: whether they have a company profile, which cards and leads can be handed to. */
  hasCompanyProfile: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ members: z.array(memberSchema) });
/** Answer of POST /organisation/member/remove: `leadsTo` is who received the leads, null when they stayed on the profile. */
export const memberRemovedSchema = z.object({ userId: z.string(), removed: z.literal(true), leadsTo: z.string().nullable() });

export const invitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  /** What the admin's CSV said ('' when not given). */
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  role: z.enum(INVITATION_ROLES),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  created: z.number(),
  expires: z.number(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  created: z.number(),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
