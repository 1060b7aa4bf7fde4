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
  const byApiTokenHash = preparedQuery(
    db,
    db
      .selectFrom('apiToken')
      .innerJoin('user', 'user.id', 'apiToken.userId')
      .select(['apiToken.id as tokenId', 'apiToken.scopes', 'apiToken.organisationId', 'user.id', 'user.email', 'user.emailVerified'])
      .where('apiToken.tokenHash', '=', ''),
  );
  return {
    /** Issue 25: the API token with this SHA-256 (hex) and its user, or undefined (unknown or revoked). */
    async findApiToken(
      tokenHash: string,
    ): Promise<{ tokenId: string; scopes: string; organisationId: string | null; id: string; email: string; emailVerified: unknown } | undefined> {
      return (await byApiTokenHash([tokenHash])) ?? undefined;
    },
    /** Issue 25: the token's "last used" (at most every few minutes per token, like sessions). */
    async touchApiToken(tokenId: string, at: number): Promise<void> {
      await db.updateTable('apiToken').set({ lastUsedAt: at }).where('id', '=', tokenId).execute();
    },
    /** The session of a bearer token with its user, or undefined. */
    async findByToken(token: string): Promise<SessionWithUser | undefined> {
      return (await byToken([token])) ?? undefined;
    },
    /** Issue 20: when the session of a token was opened (the recent-login guard), or undefined. */
    async sessionCreated(token: string): Promise<Date | string | undefined> {
      return (await db.selectFrom('session').select('createdAt').where('token', '=', token).executeTakeFirst())?.createdAt;
    },
    /**
     * Issue 23: marks the session as used now ("last active" on the Security screen). An ISO
     * string, as better-auth writes dates on SQLite; PostgreSQL reads it into its timestamp.
     */
    async touch(token: string, at: Date): Promise<void> {
      await db.updateTable('session').set({ updatedAt: at.toISOString() }).where('token', '=', token).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
