import type { FastifyBaseLogger } from 'fastify';

/**
 * Issue 27: told of every company sign-in (OIDC) of an account whose address is verified (the
 * provider said so, or the account's own confirmation did); server/app.ts fills it with the
 * organisations' join by verified domain. Password and passkey sign-ins never call it.
 */
export interface CompanySignInHook {
  signedIn(userId: string, email: string): Promise<unknown>;
}

/** What of better-auth's endpoint context a new session's hook reads. */
interface SessionContext {
  path?: string;
  params?: Record<string, string | undefined>;
  context: { internalAdapter: { findUserById(userId: string): Promise<{ id: string; email: string; emailVerified: boolean } | null> } };
}

/**
 * For better-auth's `session.create.after`: calls the hook when the session is opened by the
 * callback of the provider `providerId` (/api/auth/callback/oidc) and the account's address is
 * verified. A failure is logged, never the sign-in's.
 */
export async function afterCompanySignIn(
  hook: CompanySignInHook | undefined,
  providerId: string,
  userId: string,
  ctx: SessionContext | null,
  log: FastifyBaseLogger,
) {
  if (!hook || !ctx || ctx.path !== '/callback/:id' || ctx.params?.id !== providerId) return;
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (user?.emailVerified) await hook.signedIn(user.id, user.email).catch((err) => log.error({ err }, 'could not join an organisation by e-mail domain'));
}
