import type { Db } from '../db/database.ts';
import type { WebhookEventType } from '../../shared/schemas/integrations.schema.ts';

/** One event a change announces (issue 25). */
export interface OutboxEvent {
  /** The account whose change it is: its own endpoints receive the event. */
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /**
   * The profile the event concerns. When it is a company profile (made from an organisation's
   * template, its owner still a member), that organisation's endpoints receive the event too.
   */
  profileId?: string | null;
  /** An organisation's own event (`member.added`, `member.removed`): only its endpoints receive it. */
  organisationId?: string;
}

/**
 * The narrow way features tell of a change that webhooks announce (issue 25): `emit` writes the
 * event into the outbox inside the transaction `trx` of the change itself, so the event exists
 * exactly when the change does (a crash after the commit loses nothing; a rollback sends
 * nothing). The integrations feature implements it; `server/wiring.ts` hands it to the leads,
 * profiles, cards and organisations repositories, so this platform file knows no feature.
 */
export interface EventOutbox {
  emit(trx: Db, event: OutboxEvent): Promise<void>;
}

/** Writes nothing: repositories built without integrations (unit tests, the operator's CLI). */
export const noEventOutbox: EventOutbox = { emit: async () => {} };
