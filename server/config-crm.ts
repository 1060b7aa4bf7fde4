import { z } from 'zod';
import type { CrmProvider } from '../shared/schemas/crm.schema.ts';

/**
 * Issue 37's settings of the CRM connectors (docs/configuration.md), part of server/config.ts's
 * settings: per provider the OAuth app's client id and secret, the API's base address and the
 * authorization server. A provider without a client id is not offered.
 */
export const CRM_SETTINGS = {
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  /** The CRM v3 API and the token endpoint (`/oauth/v1/token`). */
  HUBSPOT_BASE_URL: z.string().url().default('https://api.hubapi.com'),
  /** Where the admin grants access. */
  HUBSPOT_AUTH_URL: z.string().url().default('https://app.hubspot.com/oauth/authorize'),
  SALESFORCE_CLIENT_ID: z.string().min(1).optional(),
  SALESFORCE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Unset: the instance URL of the token answer (the org's own My Domain). */
  SALESFORCE_BASE_URL: z.string().url().optional(),
  /** The login URL: `/services/oauth2/authorize` and `/services/oauth2/token` (https://test.salesforce.com for sandboxes). */
  SALESFORCE_AUTH_URL: z.string().url().default('https://login.salesforce.com'),
  PIPEDRIVE_CLIENT_ID: z.string().min(1).optional(),
  PIPEDRIVE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Unset: the `api_domain` of the token answer (the company's own). */
  PIPEDRIVE_BASE_URL: z.string().url().optional(),
  /** The OAuth server: `/oauth/authorize` and `/oauth/token`. */
  PIPEDRIVE_AUTH_URL: z.string().url().default('https://oauth.pipedrive.com'),
};

/** Named in errors, their values never shown (server/config.ts). */
export const CRM_SECRET_SETTINGS = ['HUBSPOT_CLIENT_SECRET', 'SALESFORCE_CLIENT_SECRET', 'PIPEDRIVE_CLIENT_SECRET'];

/** One provider's OAuth app and addresses (no trailing slashes). */
export interface CrmProviderConfig {
  clientId: string;
  clientSecret: string;
  /** HubSpot's API; Salesforce's and Pipedrive's override of the token answer's address. */
  baseUrl: string | undefined;
  authUrl: string;
}
/** The providers that have a client id (and secret): only these are offered. */
export type CrmConfig = Partial<Record<CrmProvider, CrmProviderConfig>>;

type CrmSettings = z.infer<z.ZodObject<typeof CRM_SETTINGS>>;
const trim = (url: string | undefined) => url?.replace(/\/+$/, '');

export function crmConfigOf(s: CrmSettings): CrmConfig {
  const of = (clientId: string | undefined, clientSecret: string | undefined, baseUrl: string | undefined, authUrl: string) =>
    clientId && clientSecret ? { clientId, clientSecret, baseUrl: trim(baseUrl), authUrl: trim(authUrl)! } : undefined;
  const config: CrmConfig = {};
  const hubspot = of(s.HUBSPOT_CLIENT_ID, s.HUBSPOT_CLIENT_SECRET, s.HUBSPOT_BASE_URL, s.HUBSPOT_AUTH_URL);
  const salesforce = of(s.SALESFORCE_CLIENT_ID, s.SALESFORCE_CLIENT_SECRET, s.SALESFORCE_BASE_URL, s.SALESFORCE_AUTH_URL);
  const pipedrive = of(s.PIPEDRIVE_CLIENT_ID, s.PIPEDRIVE_CLIENT_SECRET, s.PIPEDRIVE_BASE_URL, s.PIPEDRIVE_AUTH_URL);
  if (hubspot) config.hubspot = hubspot;
  if (salesforce) config.salesforce = salesforce;
  if (pipedrive) config.pipedrive = pipedrive;
  return config;
}
