import type { Db, Engine } from '../../db/database.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointTable } from '../../db/tables.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import { randomId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { noOutbox, type OutboxWriter } from '../../outbox/outbox.ts';
import { createWebhookSecretRows, type AlsoInside } from './webhook-secret.repository.ts';
import { createWebhookAttemptRows } from './webhook-attempt.repository.ts';

/** A Standard Webhooks message id: the same on every attempt, so receivers can drop repeats. */
export const newMessageId = () => `msg_${randomId(24)}`;

/** The signed body: `{type, timestamp, data}` (Standard Webhooks' payload structure). */
export const payloadOf = (type: string, data: unknown, at: number) => JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });

/** A claimed delivery with what sending it needs: the secrets opened, null where one does not open (AUTH_SECRET changed). */
export type ClaimedDelivery = WebhookDeliveryRow & { url: string; secret: string | null; previousSecret: string | null; previousSecretUntil: number | null };

/** What an endpoint's owner may change directly: its secrets change only through a rotation (sealed). */
export type EndpointPatch = Partial<Omit<WebhookEndpointTable, 'secret' | 'previousSecret' | 'previousSecretUntil'>>;

/** What one attempt came to. */
export interface AttemptOutcome {
  attemptedAt: number;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  requestHeaders: Record<string, string>;
  responseBody: string;
  /** delivered, pending (with nextAttemptAt) or failed. */
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: number | null;
  /** Disable the endpoint (410 Gone, or failing for five days). */
  disable?: string;
}

/**
 * The organisation whose company profile `profileId` is (made from its template, the profile's
 * owner still a member), read inside `trx`; undefined for any other profile. The organisations
 * feature answers it (server/wiring.ts).
 */
export type CompanyProfileOrganisation = (trx: Db, profileId: string) => Promise<string | undefined>;

/** The outbox key of an endpoint's deliveries: a worker sends at most one batch to one endpoint at once. */
const endpointKey = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/**
 * SQL of issue 25's webhooks: endpoints (their secrets sealed by `secrets`), the deliveries with
 * their attempts. Each pending delivery has its message in the platform outbox (issue 34,
 * `messages`), written in the same transaction, which the outbox's worker hands to
 * webhook-delivery.ts.
 */
export function createWebhookRepository(
  db: Db,
  engine: Engine,
  secrets: SecretBox,
  organisationOfProfile: CompanyProfileOrganisation = async () => undefined,
  messages: OutboxWriter = noOutbox,
) {
  const enqueueDelivery = (trx: Db, delivery: { id: string; endpointId: string }, at: number) =>
    messages.enqueue(trx, { type: 'webhook.delivery', payload: { deliveryId: delivery.id }, key: endpointKey(delivery.endpointId), availableAt: at });
  /** An owner's own endpoints: not those they made for an organisation. */
  const endpointsOf = (trx: Db, userId: string) =>
    trx.selectFrom('webhookEndpoint').selectAll().where('userId', '=', userId).where('organisationId', 'is', null);

  /**
   * The outbox: one pending delivery per enabled endpoint that subscribed to the event, inside
   * `trx`: the owner's own endpoints, and the endpoints of the organisation whose company profile
   * the event concerns; an organisation's own event (member.added/removed) only to its endpoints.
   */
  const outbox: EventOutbox = {
    async emit(trx, event) {
      const organisationId = event.organisationId ?? (event.profileId ? await organisationOfProfile(trx, event.profileId) : undefined);
      const endpoints = await trx
        .selectFrom('webhookEndpoint')
        .select(['id', 'events', 'userId'])
        .where('enabled', '=', 1)
        .where((eb) =>
          eb.or([
            ...(event.organisationId ? [] : [eb.and([eb('userId', '=', event.userId), eb('organisationId', 'is', null)])]),
            ...(organisationId ? [eb('organisationId', '=', organisationId)] : []),
          ]),
        )
        .execute();
      const now = Date.now();
      const rows = endpoints
        .filter((endpoint) => endpoint.events.split(' ').includes(event.type))
        .map((endpoint) => ({
          id: newMessageId(),
          endpointId: endpoint.id,
          // The endpoint's account: an organisation's endpoint keeps its log where it was made.
          userId: endpoint.userId,
          eventType: event.type,
          payload: payloadOf(event.type, event.data, now),
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          created: now,
        }));
      if (rows.length) await trx.insertInto('webhookDelivery').values(rows).execute();
      for (const row of rows) await enqueueDelivery(trx, row, now);
    },
  };

  return {
    outbox,
    ...createWebhookSecretRows(db, engine, secrets), // insertEndpoint, rotateSecretOwn, sealPlainSecrets
    /**
     * Issue 24: an organisation's endpoints belong to it, not to the admin who made them. When
     * that admin's account goes, inside its deletion's transaction `trx`, they pass to `toUserId`
     * (an owner who stays) instead of going with the account's rows.
     */
    async handOverOrganisationEndpoints(trx: Db, organisationId: string, fromUserId: string, toUserId: string): Promise<void> {
      const handed = trx.selectFrom('webhookEndpoint').select('id').where('organisationId', '=', organisationId).where('userId', '=', fromUserId);
      // Their deliveries (this very deletion's `member.removed` among them) go along.
      await trx.updateTable('webhookDelivery').set({ userId: toUserId }).where('endpointId', 'in', handed).execute();
      await trx
        .updateTable('webhookEndpoint')
        .set({ userId: toUserId })
        .where('organisationId', '=', organisationId)
        .where('userId', '=', fromUserId)
        .execute();
    },
    /** How many endpoints the owner has (`scope.userId`) or the organisation (`scope.organisationId`). */
    async count(scope: { userId: string } | { organisationId: string }): Promise<number> {
      const row = await db
        .selectFrom('webhookEndpoint')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) =>
          'organisationId' in scope
            ? eb('organisationId', '=', scope.organisationId)
            : eb.and([eb('userId', '=', scope.userId), eb('organisationId', 'is', null)]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listOwn: (userId: string): Promise<WebhookEndpointRow[]> => endpointsOf(db, userId).orderBy('created', 'asc').orderBy('id').execute(),
    listOfOrganisation: (organisationId: string): Promise<WebhookEndpointRow[]> =>
      db.selectFrom('webhookEndpoint').selectAll().where('organisationId', '=', organisationId).orderBy('created', 'asc').orderBy('id').execute(),
    /** Any endpoint by its id: the service decides whether the caller may reach it (its owner, or an admin of its organisation). */
    find: (id: string): Promise<WebhookEndpointRow | undefined> => db.selectFrom('webhookEndpoint').selectAll().where('id', '=', id).executeTakeFirst(),
    async updateOwn(userId: string, id: string, patch: EndpointPatch, alsoInside?: AlsoInside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('webhookEndpoint').set(patch).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0 && patch.enabled === 1) {
          // Enabled again: the deliveries that waited while it was disabled go out now (their messages ended then).
          const waiting = await trx
            .selectFrom('webhookDelivery')
            .select(['id', 'endpointId'])
            .where('endpointId', '=', id)
            .where('status', '=', 'pending')
            .execute();
          for (const delivery of waiting) await enqueueDelivery(trx, delivery, Date.now());
        }
        if (Number(result.numUpdatedRows) > 0) await alsoInside?.(trx);
        return Number(result.numUpdatedRows) > 0;
      });
    },
    /** Deletes the endpoint with its deliveries and their attempts, and runs `alsoInside`, in one transaction. */
    async deleteOwn(userId: string, id: string, alsoInside?: AlsoInside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deliveries = trx.selectFrom('webhookDelivery').select('id').where('endpointId', '=', id).where('userId', '=', userId);
        await trx.deleteFrom('webhookAttempt').where('deliveryId', 'in', deliveries).execute();
        await trx.deleteFrom('webhookDelivery').where('endpointId', '=', id).where('userId', '=', userId).execute();
        const result = await trx.deleteFrom('webhookEndpoint').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
        if (Number(result.numDeletedRows) > 0) await alsoInside?.(trx);
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** The endpoint's latest deliveries with their attempts, newest first. */
    async deliveriesOwn(userId: string, endpointId: string, limit: number): Promise<Array<WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] }>> {
      const deliveries = await db
        .selectFrom('webhookDelivery')
        .selectAll()
        .where('userId', '=', userId)
        .where('endpointId', '=', endpointId)
        .orderBy('created', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      if (!deliveries.length) return [];
      const attempts = await db
        .selectFrom('webhookAttempt')
        .selectAll()
        .where(
          'deliveryId',
          'in',
          deliveries.map((d) => d.id),
        )
        .orderBy('attemptedAt', 'asc')
        .orderBy('id')
        .execute();
      return deliveries.map((d) => ({ ...d, attemptLog: attempts.filter((a) => a.deliveryId === d.id) }));
    },
    /** Any delivery by its id: the service decides whether the caller may reach its endpoint. */
    findDelivery: (id: string): Promise<WebhookDeliveryRow | undefined> => db.selectFrom('webhookDelivery').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Sends the owner's delivery again now, with a fresh retry schedule (the same message id). */
    async redeliverOwn(userId: string, id: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('webhookDelivery')
          .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
          .where('id', '=', id)
          .where('userId', '=', userId)
          .returning(['id', 'endpointId'])
          .executeTakeFirst();
        if (result) await enqueueDelivery(trx, result, now);
        return result !== undefined;
      });
    },
    /** A delivery for one endpoint only (the test event). */
    async insertDelivery(row: { id: string; endpointId: string; userId: string; eventType: string; payload: string; now: number }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhookDelivery')
          .values({
            id: row.id,
            endpointId: row.endpointId,
            userId: row.userId,
            eventType: row.eventType,
            payload: row.payload,
            status: 'pending',
            attempts: 0,
            nextAttemptAt: row.now,
            created: row.now,
          })
          .execute();
        await enqueueDelivery(trx, row, row.now);
      });
    },

    ...createWebhookAttemptRows(db, secrets), // forAttempt, recordAttempt, endpointState
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
