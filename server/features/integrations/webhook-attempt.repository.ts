import type { Db } from '../../db/database.ts';
import { randomId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { AttemptOutcome, ClaimedDelivery } from './webhook.repository.ts';
import { openedSecrets } from './webhook-secret.repository.ts';

/**
 * SQL of one delivery attempt (issue 25, through issue 34's outbox): the delivery with its
 * endpoint's address and opened secrets, the attempt's record, and the endpoint's state.
 * webhook.repository.ts is built on it.
 */
export function createWebhookAttemptRows(db: Db, secrets: SecretBox) {
  return {
    /**
     * The delivery the outbox hands over (webhook-delivery.ts), with what sending it needs: the
     * endpoint's address and secrets, opened from their sealed form. Undefined when there is
     * nothing to send: the delivery is gone (its endpoint deleted) or no longer pending, or its
     * endpoint is disabled (enabling it again writes the messages anew, updateOwn).
     */
    async forAttempt(deliveryId: string): Promise<ClaimedDelivery | undefined> {
      const row = await db
        .selectFrom('webhookDelivery')
        .innerJoin('webhookEndpoint', 'webhookEndpoint.id', 'webhookDelivery.endpointId')
        .selectAll('webhookDelivery')
        .select(['webhookEndpoint.url', 'webhookEndpoint.secret', 'webhookEndpoint.previousSecret', 'webhookEndpoint.previousSecretUntil'])
        .where('webhookDelivery.id', '=', deliveryId)
        .where('webhookDelivery.status', '=', 'pending')
        .where('webhookEndpoint.enabled', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      const { secret, previousSecret, previousSecretUntil, ...delivery } = row;
      return { ...delivery, ...openedSecrets(secrets, { id: delivery.endpointId, secret, previousSecret }), previousSecretUntil };
    },

    /**
     * Records an attempt of a delivery and its new state in one transaction; and on the
     * endpoint when it last failed (or that it works again), disabling it when told. Answers
     * false when the delivery is no longer pending as it was read (redelivered or deleted
     * meanwhile: nothing written then). Answers whether this attempt disabled the endpoint.
     */
    async recordAttempt(delivery: ClaimedDelivery, outcome: AttemptOutcome): Promise<{ recorded: boolean; disabled: boolean }> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('webhookDelivery')
          .set((eb) => ({
            status: outcome.status,
            attempts: eb('attempts', '+', 1),
            nextAttemptAt: outcome.nextAttemptAt ?? outcome.attemptedAt,
            lastAttemptAt: outcome.attemptedAt,
            lastResponseStatus: outcome.responseStatus,
          }))
          .where('id', '=', delivery.id)
          .where('attempts', '=', delivery.attempts)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (!Number(updated.numUpdatedRows)) return { recorded: false, disabled: false };
        await trx
          .insertInto('webhookAttempt')
          .values({
            id: randomId(16),
            deliveryId: delivery.id,
            userId: delivery.userId,
            attemptedAt: outcome.attemptedAt,
            durationMs: outcome.durationMs,
            responseStatus: outcome.responseStatus,
            error: outcome.error,
            requestHeaders: JSON.stringify(outcome.requestHeaders),
            responseBody: outcome.responseBody,
          })
          .execute();
        if (outcome.status === 'delivered') {
          await trx.updateTable('webhookEndpoint').set({ failingSince: null }).where('id', '=', delivery.endpointId).execute();
          return { recorded: true, disabled: false };
        }
        await trx
          .updateTable('webhookEndpoint')
          .set((eb) => ({ failingSince: eb.fn.coalesce('failingSince', eb.val(outcome.attemptedAt)) }))
          .where('id', '=', delivery.endpointId)
          .execute();
        if (!outcome.disable) return { recorded: true, disabled: false };
        const disabled = await trx
          .updateTable('webhookEndpoint')
          .set({ enabled: 0, disabledReason: outcome.disable, updated: outcome.attemptedAt })
          .where('id', '=', delivery.endpointId)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        return { recorded: true, disabled: Number(disabled.numUpdatedRows) > 0 };
      });
    },
    /** Since when the endpoint fails, its organisation, and its owner's address and language (the mail when it is disabled). */
    async endpointState(endpointId: string) {
      return db
        .selectFrom('webhookEndpoint')
        .innerJoin('user', 'user.id', 'webhookEndpoint.userId')
        .select(['webhookEndpoint.failingSince', 'webhookEndpoint.url', 'webhookEndpoint.organisationId', 'user.email', 'user.language'])
        .where('webhookEndpoint.id', '=', endpointId)
        .executeTakeFirst();
    },
  };
}
