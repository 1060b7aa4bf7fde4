import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';
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
 * Reads `Authorization: Bearer <session token>` and finds its live session. One indexed
 * query instead of better-auth's full session endpoint: owner calls are the hot path.
 * better-auth hands out the token plain (sign-in body) or signed as `token.signature`
 * (set-auth-token header); the part before the dot is the session token either way.
 */
export function createOwnerResolver(db: Db) {
  const sessionQuery = preparedQuery(
    db,
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.expiresAt', 'user.id', 'user.email', 'user.emailVerified'])
      .where('session.token', '=', ''),
  );
  return async function resolveOwner(request: FastifyRequest): Promise<Owner | null> {
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
    const row = await sessionQuery([token]);
    if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
    return { userId: row.id, email: row.email, emailVerified: Boolean(row.emailVerified) };
  };
}

/** preHandler for owner calls: 401 without a valid bearer token. */
export function requireOwner(resolve: ReturnType<typeof createOwnerResolver>) {
  return async function ownerGuard(request: FastifyRequest, _reply: FastifyReply) {
    request.owner = await resolve(request);
    if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in: this call needs a valid bearer token.');
  };
}

/** The owner of a request that passed the guard. */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in.');
  return request.owner;
}
