import { expect } from 'vitest';
import type { TestApp, TestUser } from './test-app.ts';

/**
 * Issue 24's way into an organisation as a person takes it: an invitation mailed to the local
 * outbox (`/_dev/mail`), accepted with the token of its link. For the API suites and the
 * browser suites' set-up.
 */

type OutboxMail = { to: string; subject: string; links: string[] };

/** The invitation mails the local outbox holds for an address, newest first. */
export async function mailsTo(t: TestApp, email: string): Promise<OutboxMail[]> {
  const mails = (await t.get('/_dev/mail')).body as OutboxMail[];
  return mails.filter((m) => m.to === email && m.links.some((l) => l.includes('/team/accept')));
}

/** Accepts the newest invitation mailed to `email` as `who`; fails the test unless it is accepted. */
export async function acceptInvitation(t: TestApp, email: string, who: TestUser) {
  const mails = await mailsTo(t, email);
  const link = mails[0]?.links.find((l) => l.includes('/team/accept'));
  expect(link, `an invitation mail to ${email}`).toBeDefined();
  const accepted = await t.post('/organisation/invitation/accept', { token: new URL(link!).searchParams.get('token') }, who);
  expect(accepted.status, accepted.raw).toBe(200);
}

/**
 * `inviter` invites `who` (as `role`; the invitation's default, a member, without it) and `who`
 * accepts through the mailed link. Fails the test unless both calls succeed.
 */
export async function joinOrganisation(t: TestApp, organisationId: string, inviter: TestUser, who: TestUser, role?: 'admin' | 'member') {
  const invited = await t.post('/organisation/invite', { organisationId, emails: [who.email], ...(role ? { role } : {}) }, inviter);
  expect(invited.status, invited.raw).toBe(200);
  await acceptInvitation(t, who.email, who);
}
