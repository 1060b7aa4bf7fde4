import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** Issue 25: the events an owner's endpoint may subscribe to (Standard Webhooks' `type`). */
export const OWNER_WEBHOOK_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'profile.updated',
  'card.registered',
  'card.assigned',
  'card.reset',
] as const;
/** Events of an organisation itself: only its endpoints (made by its admins) may subscribe to them. */
export const ORGANISATION_WEBHOOK_EVENT_TYPES = ['member.added', 'member.removed'] as const;
/** Every event: an organisation's endpoint may subscribe to all of them. */
export const WEBHOOK_EVENT_TYPES = [...OWNER_WEBHOOK_EVENT_TYPES, ...ORGANISATION_WEBHOOK_EVENT_TYPES] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** Sent by `POST /webhook/test` only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Most endpoints one owner may have, and one organisation. */
export const MAX_WEBHOOKS_PER_OWNER = 20;

const urlSchema = z
  .string()
  .trim()
  .max(2000, 'must have at most 2000 characters')
  .url('must be an absolute URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must be an https URL');
const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);
const descriptionSchema = z.string().trim().max(200, 'must have at most 200 characters');

export const webhookCreateSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional().default(''),
  /** An organisation's endpoint (its admins only): its members' company-profile events and member.added/removed. */
  organisationId: idSchema.optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export const webhookUpdateSchema = z.object({
  webhookId: idSchema,
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  /** true enables a disabled endpoint again (after a 410 or five failing days). */
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;
export const webhookIdBodySchema = z.object({ webhookId: idSchema });
export const deliveryIdBodySchema = z.object({ deliveryId: idSchema });
export const deliveryListQuerySchema = z.object({ webhookId: idSchema });
/** Without organisationId: the caller's own endpoints; with it: the organisation's (admins only). */
export const webhookListQuerySchema = z.object({ organisationId: idSchema.optional() });

/** An endpoint as the owner sees it: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  /** The organisation whose endpoint it is; null for the owner's own. */
  organisationId: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** Until when the previous secret still signs beside the new one (after a rotation). */
  previousSecretUntil: z.number().nullable(),
  created: z.number(),
  updated: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });
/** The answer of create and rotate-secret: the secret, shown this once. */
export const webhookSecretSchema = z.object({ webhookId: z.string(), secret: z.string() });

export const webhookAttemptSchema = z.object({
  id: z.string(),
  attemptedAt: z.number(),
  durationMs: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  requestHeaders: z.record(z.string(), z.string()),
  responseBody: z.string(),
});
export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  nextAttemptAt: z.number().nullable(),
  lastResponseStatus: z.number().nullable(),
  created: z.number(),
  /** The body that is signed and sent. */
  payload: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** Issue 25: what an API token may do. A token reaches only the owner calls its scopes name. */
export const API_SCOPES = ['leads:read', 'leads:write', 'profiles:read', 'profiles:write', 'cards:read'] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

/**
 * The owner calls an API token may make, as "METHOD /path", with the scope each needs. Every
 * other owner call (account, security, webhooks, tokens themselves) is for a signed-in owner only.
 */
export const SCOPE_OF_CALL: Readonly<Record<string, ApiScope>> = {
  'GET /find/own/leads': 'leads:read',
  'GET /find/own/leads/new-count': 'leads:read',
  'GET /download/leads.csv': 'leads:read',
  'GET /download/leads.vcf': 'leads:read',
  'POST /lead/update': 'leads:write',
  'POST /lead/delete': 'leads:write',
  'POST /find/own/profile/by-id': 'profiles:read',
  'GET /find/own/profiles/active': 'profiles:read',
  'POST /find/own/social-media-link/by-id': 'profiles:read',
  'POST /find/own/social-media-links/by-profile-id': 'profiles:read',
  'POST /profile/create': 'profiles:write',
  'POST /profile/update': 'profiles:write',
  'POST /profile/save': 'profiles:write',
  'POST /profile/activate': 'profiles:write',
  'POST /profile/deactivate': 'profiles:write',
  'POST /social-media-link/create': 'profiles:write',
  'POST /social-media-link/update': 'profiles:write',
  'POST /social-media-link/remove': 'profiles:write',
  'POST /find/own/card/by-id': 'cards:read',
  'GET /find/own/cards': 'cards:read',
  'GET /find/own/organisation/leads': 'leads:read',
  'GET /download/organisation-leads.csv': 'leads:read',
};

/**
 * Issue 24 with 25: the only calls an organisation's token (made with `organisationId`) may make;
 * an owner's own token gets 403 on them, and an organisation's token 403 on every other call.
 */
export const ORGANISATION_TOKEN_CALLS: ReadonlySet<string> = new Set(['GET /find/own/organisation/leads', 'GET /download/organisation-leads.csv']);
/** The scopes an organisation's token may hold. */
export const ORGANISATION_TOKEN_SCOPES: readonly ApiScope[] = ['leads:read'];

/** API tokens start with this, so the guard tells them from session tokens without a query. */
export const API_TOKEN_PREFIX = 'cmc_';
export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must have at most 100 characters'),
  scopes: z
    .array(apiScopeSchema)
    .min(1, 'must name at least one scope')
    .max(API_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** Issue 24: a token of this organisation (its owners and admins only), reading its leads. */
  organisationId: idSchema.optional(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
/** Body of POST /api-token/revoke: the caller's own token, or with `organisationId` (its owners and admins) any token of that organisation. */
export const apiTokenIdBodySchema = z.object({ tokenId: idSchema, organisationId: idSchema.optional() });
/** Query of GET /find/own/api-tokens: with `organisationId` (its owners and admins) every token of that organisation (issue 33). */
export const apiTokenListQuerySchema = z.object({ organisationId: idSchema.optional() });
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  created: z.number(),
  lastUsedAt: z.number().nullable(),
  /** Issue 24: the organisation whose leads the token reads; null for the owner's own token. */
  organisationId: z.string().nullable(),
  /** Issue 33: the account that made it (an organisation's tokens are listed to all its owners and admins). */
  createdByEmail: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The answer of create: the token, shown this once. */
export const apiTokenCreatedSchema = z.object({ tokenId: z.string(), token: z.string() });
/** Most tokens one owner may have. */
export const MAX_API_TOKENS_PER_OWNER = 20;
