import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthErrorCode, ErrorCode } from '../../shared/error-codes.ts';
import type { SessionRepository } from './session.repository.ts';
import { createShortLivedCache } from '../lib/short-lived-cache.ts';
import { SESSION_CACHE_MS, createLocalInvalidation, type Invalidation } from '../lib/invalidation.ts';
import { AppError } from '../http/errors.ts';
import { bearerToken } from './bearer-token.ts';
import { API_TOKEN_PREFIX, ORGANISATION_TOKEN_CALLS, SCOPE_OF_CALL } from '../../shared/schemas/integrations.schema.ts';
import { createHash } from 'node:crypto';

/** The stored form of an API token (issue 25): its SHA-256, hex. */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in owner of a request. */
export interface Owner {
  userId: string;
  email: string;
  emailVerified: boolean;
  /** Issue 25: set when the call came with an API token: the scopes it may use (a session may use every call). */
  scopes?: readonly string[];
  /** Issue 24 with 25: set when the call came with an organisation's API token: the organisation whose leads it reads. */
  tokenOrganisationId?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the owner guard on owner calls; null on public calls without a token. */
    owner: Owner | null;
  }
}

/**
 * How long a found session is answered from memory, with Redis or without: the longest a
 * sign-out made through another instance takes to bite here when its push is lost
 * (lib/invalidation.ts).
 */
export { SESSION_CACHE_MS };

/** Issue 23: a session's "last active" moves at most this often (one UPDATE per session and period). */
export const SESSION_TOUCH_MS = 5 * 60_000;

/**
 * Reads `Authorization: Bearer <session token>` and finds its live session. One indexed
 * query instead of better-auth's full session endpoint: owner calls are the hot path. Found
 * sessions are kept for a second; `forgetAll()` drops them when this instance handles an
 * identity change (sign-out, password change or reset), so those take effect here at once,
 * and when another instance tells of one through `invalidation`.
 * better-auth hands out the token plain (sign-in body) or signed as `token.signature`
 * (set-auth-token header); the part before the dot is the session token either way.
 */
export function createOwnerResolver(sessionRows: SessionRepository, invalidation: Invalidation = createLocalInvalidation()) {
  // Not invalidation.cacheMs: a pushed sign-out may be lost, and a revoked token must not live
  // PUSHED_CACHE_MS on another instance (issue 20).
  const sessions = createShortLivedCache<{ owner: Owner; expiresAt: number; tokenId?: string }>(SESSION_CACHE_MS);
  // When this instance last wrote each session's updatedAt; the write is not awaited, so owner
  // calls never wait for it, and a failed write only leaves "last active" a little behind.
  const touched = new Map<string, number>();
  function touch(token: string) {
    const now = Date.now();
    if (now - (touched.get(token) ?? 0) < SESSION_TOUCH_MS) return;
    if (touched.size >= 10_000) touched.clear();
    touched.set(token, now);
    sessionRows.touch(token, new Date(now)).catch(() => touched.delete(token));
  }
  invalidation.subscribe((event) => {
    if (event.kind === 'sessions' || event.kind === 'all') sessions.clear();
  });
  async function resolveOwner(request: FastifyRequest): Promise<Owner | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    if (token.startsWith(API_TOKEN_PREFIX)) return resolveApiToken(token);
    let session = sessions.get(token);
    if (!session) {
      const readAt = sessions.generation();
      const row = await sessionRows.findByToken(token);
      if (!row) return null;
      session = { owner: { userId: row.id, email: row.email, emailVerified: Boolean(row.emailVerified) }, expiresAt: new Date(row.expiresAt).getTime() };
      sessions.set(token, session, readAt);
    }
    if (session.expiresAt <= Date.now()) return null;
    touch(token);
    return session.owner;
  }
  /**
   * Issue 25: an API token, found by its hash, kept like a session (a second, forgotten on every
   * instance when one is revoked), its "last used" written at most every SESSION_TOUCH_MS.
   */
  async function resolveApiToken(token: string): Promise<Owner | null> {
    const hash = apiTokenHash(token);
    const key = `api:${hash}`;
    let found = sessions.get(key);
    if (!found) {
      const readAt = sessions.generation();
      const row = await sessionRows.findApiToken(hash);
      if (!row) return null;
      found = {
        owner: {
          userId: row.id,
          email: row.email,
          emailVerified: Boolean(row.emailVerified),
          scopes: row.scopes.split(' '),
          tokenOrganisationId: row.organisationId,
        },
        expiresAt: Infinity,
        tokenId: row.tokenId,
      };
      sessions.set(key, found, readAt);
    }
    const now = Date.now();
    const tokenId = found.tokenId!;
    if (now - (touched.get(key) ?? 0) >= SESSION_TOUCH_MS) {
      if (touched.size >= 10_000) touched.clear();
      touched.set(key, now);
      sessionRows.touchApiToken(tokenId, now).catch(() => touched.delete(key));
    }
    return found.owner;
  }
  return {
    resolveOwner,
    /** Forgets every remembered session here, and (`tellOthers`) on every other instance before it resolves. */
    async forgetAll(tellOthers: boolean): Promise<void> {
      sessions.clear();
      if (tellOthers) await invalidation.publish({ kind: 'sessions' });
    },
  };
}

/** preHandler for owner calls: 401 without a valid bearer token. */
export function requireOwner(resolver: ReturnType<typeof createOwnerResolver>) {
  return async function ownerGuard(request: FastifyRequest, _reply: FastifyReply) {
    request.owner = await resolver.resolveOwner(request);
    if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in: this call needs a valid bearer token.');
    // An API token reaches only the calls its scopes name (issue 25); everything else is a signed-in owner's.
    const scopes = request.owner.scopes;
    if (scopes) {
      const call = `${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`;
      const needed = SCOPE_OF_CALL[call];
      // An organisation's token reads only the organisation's leads; an owner's token never does.
      if (ORGANISATION_TOKEN_CALLS.has(call) !== Boolean(request.owner.tokenOrganisationId))
        throw new AppError(403, ErrorCode.insufficientScope, 'This call is not open to this API token.');
      if (!needed || !scopes.includes(needed))
        throw new AppError(403, ErrorCode.insufficientScope, needed ? `This API token lacks the scope ${needed}.` : 'This call is not open to API tokens.');
    }
  };
}

/** The owner of a request that passed the guard. */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in.');
  return request.owner;
}

/**
 * Issue 20, account pre-hijacking: an account whose address nobody has confirmed can add nothing
 * that outlives its password (an API token, a webhook receiving its leads), as it can add no
 * passkey or second factor (identity-guards.ts). Whoever signed up with another person's address
 * would otherwise keep reading the account after the real owner took it over by a reset.
 */
export function requireConfirmedAddress(owner: Owner, what: string): void {
  if (!owner.emailVerified) throw new AppError(403, AuthErrorCode.emailNotVerified, `Please confirm your e-mail address before adding ${what}.`);
}
