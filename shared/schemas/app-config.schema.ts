import { z } from 'zod';

/**
 * GET /app-config.json: the operator's settings the owner app shows, and nothing else
 * (server/http/system.routes.ts builds it). The owner app takes its type from here without
 * loading zod (app/src/lib/app-config.query.ts: the sign-in screen and the navigation bar use it).
 */
export const appConfigSchema = z.object({
  /** Public host of profile pages and card links, without a trailing slash. */
  publicUrl: z.string(),
  supportEmail: z.string(),
  /** Issue 35: who issues the cards (ISSUER_NAME), named with `supportEmail` on a blocked card. */
  issuerName: z.string(),
  shopUrl: z.string(),
  /** Which wallets the server can answer for (D11), so a badge can say so before a click. */
  wallet: z.object({ apple: z.boolean(), google: z.boolean() }).strict().optional(),
  /** Company sign-in (OIDC), when the operator configured it: the button's text (issue 13.7). */
  companySignIn: z.object({ providerId: z.string(), label: z.string() }).strict().optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
