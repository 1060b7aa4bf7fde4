import type { z } from 'zod';
import { accountSessionsSchema, type revokedSessionsSchema } from '../../../../shared/schemas/account.schema.ts';
import { apiDownloadFile, apiRequest } from '../../lib/api-client.ts';

/** Query keys of the Security screen. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  signInMethods: () => [...accountKeys.all, 'sign-in-methods'] as const,
};

/** Owner calls of issue 13 (the Security screen). */
export const accountApi = {
  /** GET /account/sessions: this device first. */
  sessions: async () => (await apiRequest('/account/sessions', { schema: accountSessionsSchema })).sessions,
  /** POST /account/sessions/revoke: signs one device out. */
  revokeSession: (sessionId: string) => apiRequest('/account/sessions/revoke', { body: { sessionId } }),
  /** POST /account/sessions/revoke-others: signs every other device out. */
  revokeOtherSessions: () => apiRequest<z.infer<typeof revokedSessionsSchema>>('/account/sessions/revoke-others', { body: {} }),
  /** GET /download/account-export: the ZIP of everything stored about the account. */
  exportData: () => apiDownloadFile('/download/account-export'),
  /** better-auth's list-accounts: how the owner signs in (`credential` is the password). */
  signInMethods: () => apiRequest<Array<{ providerId: string }>>('/api/auth/list-accounts'),
  /** POST /account/delete: the password (none for company accounts), and the code when two-factor sign-in is on. */
  deleteAccount: (password: string | undefined, code?: string) =>
    apiRequest('/account/delete', { body: { ...(password ? { password } : {}), ...(code ? { code } : {}) } }),
};
