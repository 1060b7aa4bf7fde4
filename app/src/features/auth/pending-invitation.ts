import { VERIFIED_CALLBACK_URL } from '../../../../shared/verification-link.ts';

/**
 * Issue 35: an invitation link opened signed out (`/team/accept?token=…`) is kept in this
 * browser through sign-in, sign-up and the confirmation of the address, as the public card page
 * keeps a card to register (`registerCard`, SPEC 3): the sign-in screens say who invites, the
 * confirmation link leads to the accept screen, and the overview sends a confirmed account there.
 */
const PENDING_INVITATION_KEY = 'pendingInvitation';
/** The accept screen's path, the invitation mail's link. */
export const ACCEPT_INVITATION_PATH = '/team/accept';
/** An invitation works 14 days (docs/teams.md); a kept one older than that is forgotten. */
const KEEP_MS = 14 * 24 * 60 * 60_000;

/** The accept screen of `token`; `verified` marks the confirmation link's way back (the login then says the address is confirmed). */
export function acceptInvitationPath(token: string, verified = false): string {
  return `${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}${verified ? '&verified=1' : ''}`;
}

/** The invitation token of a location the sign-in guard stopped, when it was the accept screen. */
export function invitationTokenOf(location: { pathname: string; search: string } | undefined): string | null {
  if (location?.pathname !== ACCEPT_INVITATION_PATH) return null;
  return new URLSearchParams(location.search).get('token') || null;
}

/** Keeps `token` in this browser until the invitation is accepted, refused or 14 days old. */
export function rememberInvitation(token: string): void {
  try {
    localStorage.setItem(PENDING_INVITATION_KEY, JSON.stringify({ token, savedAt: Date.now() }));
  } catch {
    // Storage blocked (private mode): the link in the mails still works, only not across sign-up here.
  }
}

/** The kept invitation's token, or null (none, malformed or too old). */
export function readPendingInvitation(): string | null {
  try {
    const raw = localStorage.getItem(PENDING_INVITATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { token?: unknown; savedAt?: unknown };
    const fresh = typeof value?.savedAt === 'number' && Date.now() - value.savedAt < KEEP_MS;
    return typeof value?.token === 'string' && value.token && fresh ? value.token : null;
  } catch {
    return null;
  }
}

/** Forgets the kept invitation (accepted, or refused by the server). */
export function clearPendingInvitation(): void {
  try {
    localStorage.removeItem(PENDING_INVITATION_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/**
 * Where the confirmation link of a sign-up or resent mail leads: the kept invitation's accept
 * screen when there is one (on any device: the token travels in the link, to the address that
 * signs up), else the overview (shared/verification-link.ts).
 */
export function verificationCallbackURL(): string {
  const token = readPendingInvitation();
  return token ? acceptInvitationPath(token, true) : VERIFIED_CALLBACK_URL;
}
