import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import { createShortLivedCache } from '../lib/short-lived-cache.ts';
import { BASE_CACHE_MS, createLocalInvalidation, type Invalidation } from '../lib/invalidation.ts';
import { AppError } from '../http/errors.ts';

/** The signed-in owner of a request. */
export interface Owner {
  userId: string;
  email: string;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the owner guard on owner calls; null on public calls without a token. */
    owner: Owner | null;
  }
}

/**
 * How long a found session is answered from memory without Redis (or while it is down): the
 * longest a sign-out made through another instance takes to bite here. With Redis sign-outs
 * are pushed and sessions are kept longer (lib/invalidation.ts).
 */
export const SESSION_CACHE_MS = BASE_CACHE_MS;

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
  const sessions = createShortLivedCache<{ owner: Owner; expiresAt: number }>(invalidation.cacheMs);
  invalidation.subscribe((event) => {
    if (event.kind === 'sessions' || event.kind === 'all') sessions.clear();
  });
  async function resolveOwner(request: FastifyRequest): Promise<Owner | null> {
    const header = request.headers.authorization;
    if (!header || header.slice(0, 7).toLowerCase() !== 'bearer ') return null;
    let token = header.slice(7).trim();
    if (token.includes('%')) {
      try {
        token = decodeURIComponent(token);
      } catch {
        return null;
      }
    }
    token = token.split('.')[0];
    if (!token || token.length > 200) return null;
    let session = sessions.get(token);
    if (!session) {
      const readAt = sessions.generation();
      const row = await sessionRows.findByToken(token);
      if (!row) return null;
      session = { owner: { userId: row.id, email: row.email, emailVerified: Boolean(row.emailVerified) }, expiresAt: new Date(row.expiresAt).getTime() };
      sessions.set(token, session, readAt);
    }
    return session.expiresAt > Date.now() ? session.owner : null;
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
  };
}

/** The owner of a request that passed the guard. */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in.');
  return request.owner;
}
