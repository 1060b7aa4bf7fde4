import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';

/** A live-or-expired session with its user, as the owner guard needs it. */
export interface SessionWithUser {
  expiresAt: string | Date;
  id: string;
  email: string;
  emailVerified: unknown;
}

/** SQL for better-auth's session table, read on the owner calls' hot path (one indexed query, compiled once). */
export function createSessionRepository(db: Db) {
  const byToken = preparedQuery(
    db,
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.expiresAt', 'user.id', 'user.email', 'user.emailVerified'])
      .where('session.token', '=', ''),
  );
  return {
    /** The session of a bearer token with its user, or undefined. */
    async findByToken(token: string): Promise<SessionWithUser | undefined> {
      return (await byToken([token])) ?? undefined;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
