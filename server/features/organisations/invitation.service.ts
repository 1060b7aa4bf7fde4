import { createHash, randomBytes } from 'node:crypto';
import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { Invitee } from '../../../shared/schemas/organisation.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { OrganisationInvitationTable } from '../../db/tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newInvitationId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import { auditEntry, type Membership, type OrganisationService } from './organisation.service.ts';
import { companySignInMail, invitationMail } from './invitation-mails.ts';
import { presentInvitation } from './organisation.presenter.ts';

const DAY_MS = 24 * 60 * 60_000;
/** How long an invitation link works (resending renews it). */
export const INVITATION_VALID_DAYS = 14;

/** Limits of invitation mails, counted where every instance sees them (docs/teams.md). */
export const INVITATION_RULES = {
  /** One organisation sends at most this many invitation mails a day: a company onboarding a department, not a spammer. */
  perOrganisation: { name: 'org-invite', max: 300, windowMs: DAY_MS },
  /** One address gets at most this many invitation mails a day, resends included. */
  perAddress: { name: 'org-invite-address', max: 3, windowMs: DAY_MS },
  /**
   * Issue 35: the sign-in screen asks who invites, unsigned, once or twice per person; a client
   * asking more often is guessing (hopeless with 32 random bytes, but each guess costs a query).
   */
  previewPerClient: { name: 'org-invite-preview', max: 30, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RateRule>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const invitationNotFound = () => notFound(TeamErrorCode.invitationNotFound, 'Invitation not found.');

/**
 * Issue 24: invitations by e-mail. The mail carries `/team/accept?token=…`; only the token's
 * hash is stored, so the database alone lets nobody join. The invitee accepts signed in with
 * an existing account or one they have just created.
 */
export function createInvitationService(deps: {
  publicUrl: string;
  organisations: OrganisationRepository;
  organisationService: OrganisationService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The button of company sign-in (OIDC) when it is configured: a provisioned person signs in with it instead of accepting an invitation. */
  companySignIn?: { label: string };
  /** Told after an invitation is accepted (issue 27: the directory's user of that address is linked at once). */
  joined?: (organisationId: string, userId: string, email: string) => Promise<void>;
}) {
  const { publicUrl, organisations, organisationService, mailer, rateLimiter, companySignIn, joined } = deps;
  const acceptUrl = (token: string) => `${publicUrl}/team/accept?token=${encodeURIComponent(token)}`;

  /** Counts the mails against both limits before anything is stored or sent: a refused call leaves nothing behind. */
  async function countMails(organisationId: string, emails: readonly string[]) {
    await rateLimiter.consume(
      emails.flatMap((email) => [[INVITATION_RULES.perOrganisation, organisationId] as const, [INVITATION_RULES.perAddress, email] as const]),
      'Too many invitation mails: please try again later.',
    );
  }
  async function send(m: Membership, invitation: { email: string; language: string }, token: string) {
    const language: Language = invitation.language === 'de' ? 'de' : 'en';
    await mailer.send(
      invitationMail({
        to: invitation.email,
        language,
        organisationName: m.organisationName,
        inviterEmail: m.actor.email,
        url: acceptUrl(token),
        validDays: INVITATION_VALID_DAYS,
      }),
    );
  }

  /**
   * Invites people (all stored or none), one mail each in the invitee's language: their
   * account's when they have one, else the language the admin's request names, else English.
   * Names and job titles (the admin's CSV) are kept with the invitation for the company profile.
   */
  async function invite(
    actor: Owner,
    input: { organisationId: string; emails?: string[]; invitees?: Invitee[]; role: 'admin' | 'member' },
    requestLanguage: Language | null,
  ) {
    const m = await organisationService.access(actor, input.organisationId, 'admin');
    // Bare addresses (the earlier shape, still taken from callers such as SCIM) are invitees without names.
    const invitees = [...(input.emails ?? []).map((email) => ({ email, firstName: '', lastName: '', jobTitle: '' })), ...(input.invitees ?? [])];
    await countMails(
      m.organisationId,
      invitees.map((i) => i.email),
    );
    const now = Date.now();
    const made = await Promise.all(
      invitees.map(async ({ email, firstName, lastName, jobTitle }) => {
        const token = newToken();
        const language = (await organisations.languageOf(email)) ?? requestLanguage ?? 'en';
        const row: OrganisationInvitationTable = {
          id: newInvitationId(),
          organisationId: m.organisationId,
          email,
          firstName,
          lastName,
          jobTitle,
          role: input.role,
          tokenHash: hashToken(token),
          language,
          invitedBy: actor.userId,
          created: now,
          expires: now + INVITATION_VALID_DAYS * DAY_MS,
          status: 'pending',
        };
        return { row, token };
      }),
    );
    await organisations.addInvitations(
      made.map((x) => x.row),
      made.map((x) => auditEntry(m, 'invitation.send', x.row.email, x.row.role, now)),
    );
    for (const { row, token } of made) await send(m, row, token);
    return { invitations: made.map((x) => presentInvitation(x.row, now)) };
  }

  return {
    invite,
    /**
     * Issue 27: a person the organisation's directory provisioned (SCIM). With company sign-in
     * configured they get a mail that says to sign in with the company account, no password and
     * no invitation link (they join at that sign-in, server/features/scim/scim-join.ts);
     * otherwise the invitation. Counted against the same limits, audited as `invitation.company`.
     */
    async provision(actor: Owner, input: { organisationId: string; email: string }, requestLanguage: Language | null) {
      if (!companySignIn) {
        await invite(actor, { organisationId: input.organisationId, emails: [input.email], role: 'member' }, requestLanguage);
        return;
      }
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      await countMails(m.organisationId, [input.email]);
      const language: Language = ((await organisations.languageOf(input.email)) ?? requestLanguage) === 'de' ? 'de' : 'en';
      await organisations.recordAudit(auditEntry(m, 'invitation.company', input.email));
      await mailer.send(
        companySignInMail({
          to: input.email,
          language,
          organisationName: m.organisationName,
          buttonLabel: companySignIn.label,
          url: `${publicUrl}/login?company=1`,
        }),
      );
    },
    async list(actor: Owner, organisationId: string) {
      const m = await organisationService.access(actor, organisationId, 'admin');
      return { invitations: (await organisations.invitations(m.organisationId)).map((row) => presentInvitation(row)) };
    },
    /** Sends a pending invitation again with a new link (the old one stops working) and a new expiry. */
    async resend(actor: Owner, input: { organisationId: string; invitationId: string }) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const invitation = await organisations.invitation(m.organisationId, input.invitationId);
      if (!invitation) throw invitationNotFound();
      if (invitation.status !== 'pending') throw conflict(TeamErrorCode.invitationNotFound, 'This invitation was already accepted or revoked.');
      await countMails(m.organisationId, [invitation.email]);
      const token = newToken();
      const expires = Date.now() + INVITATION_VALID_DAYS * DAY_MS;
      if (!(await organisations.renewInvitation(invitation.id, hashToken(token), expires, auditEntry(m, 'invitation.resend', invitation.email)))) {
        throw conflict(TeamErrorCode.invitationNotFound, 'This invitation was already accepted or revoked.');
      }
      await send(m, invitation, token);
      return presentInvitation({ ...invitation, expires });
    },
    async revoke(actor: Owner, input: { organisationId: string; invitationId: string }) {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      const invitation = await organisations.invitation(m.organisationId, input.invitationId);
      if (!invitation) throw invitationNotFound();
      if (!(await organisations.revokeInvitation(invitation.id, auditEntry(m, 'invitation.revoke', invitation.email)))) {
        throw conflict(TeamErrorCode.invitationNotFound, 'This invitation was already accepted or revoked.');
      }
      return presentInvitation({ ...invitation, status: 'revoked' });
    },
    /**
     * Issue 35: for the sign-in and sign-up screens a visitor with the invitation link sees, no
     * sign-in needed: the inviting organisation's name while the invitation can be accepted, and
     * nothing more (not the address, role or inviter); else 404 as for a used one. Limited per client.
     */
    async preview(token: string, clientAddress: string): Promise<{ organisationName: string }> {
      await rateLimiter.consume([[INVITATION_RULES.previewPerClient, clientAddress]], 'Too many requests. Please try again later.');
      const organisationName = await organisations.invitingOrganisation(hashToken(token), Date.now());
      if (organisationName === undefined)
        throw notFound(TeamErrorCode.invitationNotFound, 'This invitation link is unknown, was used, revoked or has expired.');
      return { organisationName };
    },
    /** The signed-in account joins with the invitation's role; the token works once, until it expires. */
    async accept(actor: Owner, token: string) {
      const invitation = await organisations.invitationByTokenHash(hashToken(token));
      if (!invitation || invitation.status !== 'pending' || Number(invitation.expires) <= Date.now()) {
        throw notFound(TeamErrorCode.invitationNotFound, 'This invitation link is unknown, was used, revoked or has expired.');
      }
      const entry = auditEntry({ organisationId: invitation.organisationId, actor }, 'invitation.accept', invitation.email, invitation.role);
      const outcome = await organisations.acceptInvitation(invitation, actor.userId, entry);
      if (outcome === 'used') throw notFound(TeamErrorCode.invitationNotFound, 'This invitation link is unknown, was used, revoked or has expired.');
      if (outcome === 'member-elsewhere') throw conflict(TeamErrorCode.alreadyInOrganisation, 'This account already belongs to an organisation.');
      await joined?.(invitation.organisationId, actor.userId, invitation.email);
      return organisationService.findOwn(actor);
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
