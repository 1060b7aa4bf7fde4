import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * Sessions moved back in time in the database, for the rules that read a session's age: issue
 * 20's "sudo mode" (server/auth/recent-login.ts: a sign-in of the last five minutes, read from
 * the session's `createdAt`) and issue 23's last activity (`updatedAt`). Used by the API and the
 * browser suites alike.
 */

/** One session by its token (a TestUser's, or a session's `token`), or every session of an account. */
type Whose = { token: string } | { userId: string };

/**
 * Moves the opening (`createdAt`) of a session `minutes` into the past: more than five makes it
 * too old for the calls of server/auth/recent-login.ts (403 `requires-recent-login`). Fails the
 * test when no session matched, so an aging that missed cannot pass as a fresh sign-in.
 * Answers the moment set, as an ISO string.
 */
export function ageSession(t: TestApp, whose: Whose, minutes: number): Promise<string> {
  return moveBack(t, whose, 'createdAt', minutes);
}

/** Moves a session's last activity (`updatedAt`, the "last seen" of issue 23) `minutes` into the past; answers it as an ISO string. */
export function idleSession(t: TestApp, whose: Whose, minutes: number): Promise<string> {
  return moveBack(t, whose, 'updatedAt', minutes);
}

async function moveBack(t: TestApp, whose: Whose, column: 'createdAt' | 'updatedAt', minutes: number): Promise<string> {
  const moment = new Date(Date.now() - minutes * 60_000);
  // better-sqlite3 binds no Date; PostgreSQL takes either.
  const value = t.engine === 'postgres' ? moment : moment.toISOString();
  let update = t.app.db.updateTable('session').set(column === 'createdAt' ? { createdAt: value } : { updatedAt: value });
  // A signed cookie value is `token.signature`; the table holds the token alone.
  update = 'token' in whose ? update.where('token', '=', whose.token.split('.')[0]!) : update.where('userId', '=', whose.userId);
  const { numUpdatedRows } = await update.executeTakeFirst();
  expect(Number(numUpdatedRows), `no session to move back (${'token' in whose ? 'by token' : `of user ${whose.userId}`})`).toBeGreaterThan(0);
  return moment.toISOString();
}
