import type { FastifyRequest } from 'fastify';
import { AuthErrorCode, ErrorCode } from '../../shared/error-codes.ts';
import { AppError } from '../http/errors.ts';
import { bearerToken } from './bearer-token.ts';

/** A change that needs a proof of identity needs a sign-in at most this old (seconds). */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/** Whether a session opened at `createdAt` (as the database answers it) is at most RECENT_LOGIN_SECONDS old. */
export function isRecentLogin(createdAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (!createdAt) return false;
  const opened = new Date(createdAt).getTime();
  return Number.isFinite(opened) && now - opened <= RECENT_LOGIN_SECONDS * 1000;
}

/**
 * Issue 20, "sudo mode" (as GitHub asks for tokens): a call that makes a credential outliving the
 * session (an API token, an organisation's SCIM token) needs a session opened in the last five
 * minutes, like adding a passkey or changing the password. A stolen session token then cannot
 * mint a token that survives "sign out other devices" or a password change: 403
 * `requires-recent-login`, and the owner app sends the owner to sign in again.
 * preHandler after the owner guard; an API token is never a session and is refused outright.
 * The session's creation time is read from the database (not the guard's one-second cache).
 */
export function recentLoginGuard(sessions: { sessionCreated(token: string): Promise<Date | string | undefined> }) {
  return async function requireRecentLogin(request: FastifyRequest): Promise<void> {
    if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in.');
    if (request.owner.scopes) throw new AppError(403, ErrorCode.insufficientScope, 'This call is not open to API tokens.');
    const token = bearerToken(request.headers.authorization);
    if (!token || !isRecentLogin(await sessions.sessionCreated(token)))
      throw new AppError(403, AuthErrorCode.requiresRecentLogin, 'Please sign in again: creating a token needs a sign-in of the last five minutes.');
  };
}
