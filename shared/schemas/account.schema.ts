import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** One signed-in session of the account, as the Security screen lists it (no token). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system read from the session's User-Agent (server/lib/device-name.ts); null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdIso: z.string(),
  /** When the session was last refreshed (better-auth renews it at most once a day). */
  lastSeenIso: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** Answer of POST /account/sessions/revoke-others: how many other sessions were ended. */
export const revokedSessionsSchema = z.object({ revoked: z.number() });

/** POST /account/sessions/revoke */
export const revokeSessionSchema = z.object({ sessionId: idSchema });

/**
 * POST /account/delete: the password (accounts without one, from company sign-in, need a sign-in
 * of the last five minutes instead), and the authenticator (or backup) code when two-factor
 * sign-in is on.
 */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Please enter your password.').max(128).optional(),
  code: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9-]*$/, 'must be the 6-digit code or a backup code')
    .optional(),
});

/** Whether the runtime knows `name` as a time zone (IANA names such as `Europe/Berlin`, and `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /account/time-zone (issue 23): the browser's IANA time zone
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`), the days of the statistics and the
 * times of the leads export.
 */
export const setTimeZoneSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, 'must be an IANA time zone such as Europe/Berlin')
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
});
export type SetTimeZone = z.infer<typeof setTimeZoneSchema>;
