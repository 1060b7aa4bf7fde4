import type { Db } from '../db/database.ts';
import type { WebhookEventType } from '../../shared/schemas/integrations.schema.ts';

/**
 * The narrow way features tell of a change that webhooks announce (issue 25): `emit` writes the
 * event into the outbox inside the transaction `trx` of the change itself, so the event exists
 * exactly when the change does (a crash after the commit loses nothing; a rollback sends
 * nothing). The integrations feature implements it; `server/wiring.ts` hands it to the leads,
 * profiles and cards repositories, so this platform file knows no feature.
 */
export interface EventOutbox {
  emit(trx: Db, event: { userId: string; type: WebhookEventType; data: Record<string, unknown> }): Promise<void>;
}

/** Writes nothing: repositories built without integrations (unit tests, the operator's CLI). */
export const noEventOutbox: EventOutbox = { emit: async () => {} };
