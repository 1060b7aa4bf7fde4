import { ErrorCode } from '../../../shared/error-codes.ts';
import {
  MAX_WEBHOOKS_PER_OWNER,
  ORGANISATION_WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookCreate,
  type WebhookEventType,
  type WebhookUpdate,
} from '../../../shared/schemas/integrations.schema.ts';
import { requireConfirmedAddress, type Owner } from '../../auth/owner.guard.ts';
import { AppError, badInput, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { WebhookEndpointRow, WebhookEndpointTable } from '../../db/tables.ts';
import type { Db } from '../../db/database.ts';
import { newMessageId, payloadOf, type EndpointPatch, type WebhookRepository } from './webhook.repository.ts';
import { presentDelivery, presentWebhook } from './webhook.presenter.ts';
import { urlProblem } from './webhook-sender.ts';
import { newWebhookSecret } from './webhook-signing.ts';

const HOUR_MS = 60 * 60 * 1000;
/** After a rotation the old secret signs beside the new one this long. */
export const ROTATION_OVERLAP_MS = 24 * HOUR_MS;
/** The delivery log shows this many of an endpoint's latest deliveries. */
const DELIVERY_LOG_SIZE = 50;

/** Limits on what makes the server send requests or write rows, per account and hour. */
export const WEBHOOK_RATE_RULES = {
  changes: { name: 'webhook-change', max: 60, windowMs: HOUR_MS },
  sends: { name: 'webhook-send', max: 30, windowMs: HOUR_MS },
} as const;

const webhookNotFound = () => notFound(ErrorCode.webhookNotFound, 'Webhook not found.');
const deliveryNotFound = () => notFound(ErrorCode.deliveryNotFound, 'Delivery not found.');

/**
 * Checks that the caller is an owner or admin of the organisation: throws 404
 * `cmc/organisation-not-found` when they are not a member of it, 403 `cmc/forbidden` when they
 * are a member only. The organisations feature answers it (server/wiring.ts).
 */
export type OrganisationAdminCheck = (owner: Owner, organisationId: string) => Promise<void>;

/**
 * Issue 33: one entry of the organisation's audit log by `actor`, written by the returned
 * function inside the change's own transaction, so the change and its record commit together.
 * The organisations feature answers it (server/wiring.ts).
 */
export type OrganisationAuditWriter = (actor: Owner, organisationId: string, action: string, target: string, detail: string) => (trx: Db) => Promise<void>;

/** Where an endpoint points, as the audit log keeps it: origin and path, never a query (it may carry the receiver's own key). */
export function auditedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

const organisationOnly = (events: readonly WebhookEventType[]) => events.find((e) => (ORGANISATION_WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));

/**
 * Issue 25: webhook endpoints, their secrets, delivery log, redelivery and test event. An
 * endpoint is an owner's own, or an organisation's (`organisationId`), which every owner and
 * admin of the organisation manages: members get 403, everyone else 404 as for an unknown id.
 */
export function createWebhookService(deps: {
  webhooks: WebhookRepository;
  rateLimiter: RateLimiter;
  allowHttp: boolean;
  organisationAdmin: OrganisationAdminCheck;
  organisationAudit: OrganisationAuditWriter;
}) {
  const { webhooks, rateLimiter, organisationAdmin, organisationAudit } = deps;
  /** An organisation's endpoint's change, audited in its transaction (issue 33); nothing for an owner's own. */
  const auditOf = (owner: Owner, row: Pick<WebhookEndpointRow, 'id' | 'organisationId' | 'url'>, action: string, detail = '') =>
    row.organisationId ? organisationAudit(owner, row.organisationId, action, auditedUrl(row.url), detail ? `${row.id}; ${detail}` : row.id) : undefined;
  const checkUrl = (url: string) => {
    const problem = urlProblem(url, deps.allowHttp);
    if (problem) throw badInput('url', problem);
  };
  const checkEvents = (events: readonly WebhookEventType[] | undefined, organisationId: string | null | undefined) => {
    const event = !organisationId && events && organisationOnly(events);
    if (event) throw badInput('events', `${event} is an organisation's event: only an organisation's webhook may subscribe to it`);
  };
  const limit = (rule: (typeof WEBHOOK_RATE_RULES)[keyof typeof WEBHOOK_RATE_RULES], owner: Owner) =>
    rateLimiter.consume([[rule, owner.userId]], 'Too many webhook changes. Please try again later.');
  /** The endpoint if the caller may manage it: their own, or their organisation's when they are an admin there. */
  async function own(owner: Owner, webhookId: string): Promise<WebhookEndpointRow> {
    const row = await webhooks.find(webhookId);
    if (!row) throw webhookNotFound();
    if (row.organisationId === null) {
      if (row.userId !== owner.userId) throw webhookNotFound();
    } else {
      await organisationAdmin(owner, row.organisationId).catch((error: unknown) => {
        // Not a member of that organisation: as unknown as any other id.
        throw error instanceof AppError && error.status === 404 ? webhookNotFound() : error;
      });
    }
    return row;
  }

  return {
    /** A new endpoint, the owner's or (with `organisationId`, admins only) the organisation's; its secret is answered this once. */
    async create(owner: Owner, input: WebhookCreate): Promise<{ webhookId: string; secret: string }> {
      requireConfirmedAddress(owner, 'a webhook');
      checkUrl(input.url);
      const organisationId = input.organisationId ?? null;
      if (organisationId) await organisationAdmin(owner, organisationId);
      checkEvents(input.events, organisationId);
      await limit(WEBHOOK_RATE_RULES.changes, owner);
      if ((await webhooks.count(organisationId ? { organisationId } : { userId: owner.userId })) >= MAX_WEBHOOKS_PER_OWNER) {
        const who = organisationId ? 'An organisation' : 'An account';
        throw new AppError(409, ErrorCode.webhookLimitReached, `${who} may have at most ${MAX_WEBHOOKS_PER_OWNER} webhooks.`);
      }
      const now = Date.now();
      const row: WebhookEndpointTable = {
        id: `wh_${randomId(16)}`,
        userId: owner.userId,
        organisationId,
        url: input.url,
        description: input.description,
        events: input.events.join(' '),
        secret: newWebhookSecret(),
        previousSecret: null,
        previousSecretUntil: null,
        enabled: 1,
        disabledReason: null,
        failingSince: null,
        created: now,
        updated: now,
      };
      // Stored sealed (webhook.repository.ts): this answer and a rotation's are the only ways its plain text leaves the server.
      await webhooks.insertEndpoint(row, auditOf(owner, row, 'webhook.create', `events: ${input.events.join(', ')}`));
      return { webhookId: row.id, secret: row.secret };
    },

    /** The caller's own endpoints, or (admins only) those of the organisation `organisationId`. */
    async list(owner: Owner, organisationId?: string) {
      if (!organisationId) return { webhooks: (await webhooks.listOwn(owner.userId)).map(presentWebhook) };
      await organisationAdmin(owner, organisationId);
      return { webhooks: (await webhooks.listOfOrganisation(organisationId)).map(presentWebhook) };
    },

    async update(owner: Owner, input: WebhookUpdate) {
      if (input.url !== undefined) checkUrl(input.url);
      const endpoint = await own(owner, input.webhookId);
      checkEvents(input.events, endpoint.organisationId);
      await limit(WEBHOOK_RATE_RULES.changes, owner);
      const patch: EndpointPatch = { updated: Date.now() };
      if (input.url !== undefined) patch.url = input.url;
      if (input.events !== undefined) patch.events = input.events.join(' ');
      if (input.description !== undefined) patch.description = input.description;
      // Enabled again: its failures so far are forgiven; disabled by the owner: says so.
      if (input.enabled === true) Object.assign(patch, { enabled: 1, disabledReason: null, failingSince: null });
      if (input.enabled === false) Object.assign(patch, { enabled: 0, disabledReason: 'owner' });
      const changed = [
        input.url !== undefined && input.url !== endpoint.url ? `url: ${auditedUrl(endpoint.url)} → ${auditedUrl(input.url)}` : '',
        input.events !== undefined ? `events: ${input.events.join(', ')}` : '',
        input.enabled !== undefined ? `enabled: ${input.enabled}` : '',
        input.description !== undefined ? 'description' : '',
      ].filter(Boolean);
      const audit = auditOf(owner, { ...endpoint, url: input.url ?? endpoint.url }, 'webhook.update', changed.join('; '));
      if (!(await webhooks.updateOwn(endpoint.userId, input.webhookId, patch, audit))) throw webhookNotFound();
      return presentWebhook(await own(owner, input.webhookId));
    },

    async remove(owner: Owner, webhookId: string): Promise<{ id: string; deleted: true }> {
      const endpoint = await own(owner, webhookId);
      if (!(await webhooks.deleteOwn(endpoint.userId, webhookId, auditOf(owner, endpoint, 'webhook.delete')))) throw webhookNotFound();
      return { id: webhookId, deleted: true };
    },

    /** A new secret, answered once; the old one keeps signing beside it for 24 hours (both stored sealed). */
    async rotateSecret(owner: Owner, webhookId: string): Promise<{ webhookId: string; secret: string }> {
      const current = await own(owner, webhookId);
      await limit(WEBHOOK_RATE_RULES.changes, owner);
      const now = Date.now();
      const secret = newWebhookSecret();
      const audit = auditOf(owner, current, 'webhook.rotate');
      if (!(await webhooks.rotateSecretOwn(current.userId, webhookId, secret, now + ROTATION_OVERLAP_MS, now, audit))) throw webhookNotFound();
      return { webhookId, secret };
    },

    async deliveries(owner: Owner, webhookId: string) {
      const endpoint = await own(owner, webhookId);
      return { deliveries: (await webhooks.deliveriesOwn(endpoint.userId, webhookId, DELIVERY_LOG_SIZE)).map(presentDelivery) };
    },

    /** Sends a delivery again now (the worker takes it within a moment). */
    async redeliver(owner: Owner, deliveryId: string): Promise<{ deliveryId: string }> {
      const delivery = await webhooks.findDelivery(deliveryId);
      if (!delivery) throw deliveryNotFound();
      const endpoint = await own(owner, delivery.endpointId).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? deliveryNotFound() : error;
      });
      await limit(WEBHOOK_RATE_RULES.sends, owner);
      if (!(await webhooks.redeliverOwn(endpoint.userId, deliveryId, Date.now()))) throw deliveryNotFound();
      return { deliveryId };
    },

    /** Queues a `webhook.test` event for this endpoint alone. */
    async test(owner: Owner, webhookId: string): Promise<{ deliveryId: string }> {
      const endpoint = await own(owner, webhookId);
      await limit(WEBHOOK_RATE_RULES.sends, owner);
      const now = Date.now();
      const id = newMessageId();
      const payload = payloadOf(WEBHOOK_TEST_EVENT, { webhookId: endpoint.id, message: 'This is a test event.' }, now);
      await webhooks.insertDelivery({ id, endpointId: endpoint.id, userId: endpoint.userId, eventType: WEBHOOK_TEST_EVENT, payload, now });
      return { deliveryId: id };
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
