import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { CrmSyncTable } from '../../db/crm-tables.ts';
import type { EventOutbox, OutboxEvent } from '../../lib/event-outbox.ts';
import type { OutboxWriter } from '../../outbox/outbox.ts';
import { crmSettingsSchema, DEFAULT_CRM_SETTINGS, type CrmSettings } from '../../../shared/schemas/crm.schema.ts';
import { scopeOf, type CrmConnectionRepository } from './crm-connection.repository.ts';
import type { CrmLead } from './crm-values.ts';

/** The organisation whose company profile `profileId` is, read inside `trx` (server/wiring.ts hands the organisations feature's answer). */
export type CompanyProfileOrganisation = (trx: Db, profileId: string) => Promise<string | undefined>;

/** The outbox key of a connection's sync: one batch per connection at once on a worker; enqueues coalesce while one waits. */
export const connectionKey = (connectionId: string) => `crm-connection:${connectionId}`;

/** The settings stored on a connection; the defaults where a stored value does not parse (a newer version's). */
export function settingsOf(stored: string): CrmSettings {
  try {
    return crmSettingsSchema.parse(JSON.parse(stored));
  } catch {
    return DEFAULT_CRM_SETTINGS;
  }
}

/** One sync row with the lead's name and e-mail while the lead exists, and its connection's provider. */
export type SyncRow = CrmSyncTable & { provider: string; organisationId: string | null; name: string | null; email: string | null };

/**
 * Issue 37's per-lead sync state (`crmSync`), written inside the lead's own transaction: the
 * lead events every change of a lead announces (the EventOutbox the leads repository writes
 * through) also mark the lead waiting in each connection it goes to (the member's organisation's
 * for a company profile, the owner's own) and enqueue that connection's `crm.sync` message in the
 * same transaction, so a crash loses nothing and a rollback sends nothing (docs/outbox.md).
 */
export function createCrmSyncRepository(db: Db, outbox: OutboxWriter, connections: CrmConnectionRepository, organisationOf: CompanyProfileOrganisation) {
  const enqueue = (trx: Db, connectionId: string) =>
    outbox.enqueue(trx, { type: 'crm.sync', payload: { connectionId }, key: connectionKey(connectionId), coalesce: true });

  async function leadChanged(trx: Db, event: OutboxEvent): Promise<void> {
    const data = event.data as { id: string; method?: string };
    const now = Date.now();
    if (event.type === 'lead.deleted') {
      const rows = await trx.selectFrom('crmSync').select('connectionId').where('leadId', '=', data.id).execute();
      if (!rows.length) return;
      await trx
        .updateTable('crmSync')
        .set((eb) => ({ op: 'delete', state: 'waiting', error: null, version: eb('version', '+', 1), updated: now }))
        .where('leadId', '=', data.id)
        .execute();
      for (const row of rows) await enqueue(trx, row.connectionId);
      return;
    }
    const organisationId = event.profileId ? await organisationOf(trx, event.profileId) : undefined;
    const scopes = [scopeOf(event.userId, null), ...(organisationId ? [scopeOf(event.userId, organisationId)] : [])];
    for (const target of await connections.targets(trx, scopes)) {
      const { sources } = settingsOf(target.settings);
      if (!(data.method === 'form' || data.method === undefined ? sources.form : sources.captured)) continue;
      await trx
        .insertInto('crmSync')
        .values({ connectionId: target.id, leadId: data.id, userId: event.userId, op: 'upsert', state: 'waiting', version: 1, updated: now })
        .onConflict((oc) =>
          oc.columns(['connectionId', 'leadId']).doUpdateSet((eb) => ({
            op: 'upsert',
            state: 'waiting',
            error: null,
            version: eb('crmSync.version', '+', 1),
            updated: now,
          })),
        )
        .execute();
      // A broken connection keeps its leads waiting until it is connected again.
      if (target.status === 'connected') await enqueue(trx, target.id);
    }
  }

  const syncRows = () =>
    db
      .selectFrom('crmSync')
      .innerJoin('crmConnection', 'crmConnection.id', 'crmSync.connectionId')
      .leftJoin('lead', 'lead.id', 'crmSync.leadId')
      .selectAll('crmSync')
      .select(['crmConnection.provider', 'crmConnection.organisationId', 'lead.name', 'lead.email']);

  return {
    /** The lead events of `inner` (webhooks), each also marking the lead's CRM sync inside the same transaction. */
    leadEvents(inner: EventOutbox): EventOutbox {
      return {
        async emit(trx, event) {
          await inner.emit(trx, event);
          if (event.type.startsWith('lead.')) await leadChanged(trx, event);
        },
      };
    },
    /**
     * Claims the connection's waiting leads, oldest change first (and those a worker claimed more
     * than `leaseMs` ago and never finished): `sending` until their outcome is recorded, so two
     * instances' workers never send one lead at once (a second create would duplicate it).
     */
    async claim(connectionId: string, limit: number, leaseMs: number): Promise<CrmSyncTable[]> {
      const now = Date.now();
      const due = (eb: ExpressionBuilder<Database, 'crmSync'>) =>
        eb.or([eb('state', '=', 'waiting'), eb.and([eb('state', '=', 'sending'), eb('updated', '<', now - leaseMs)])]);
      const ids = db.selectFrom('crmSync').select('leadId').where('connectionId', '=', connectionId).where(due).orderBy('updated').limit(limit);
      return db
        .updateTable('crmSync')
        .set({ state: 'sending', updated: now })
        .where('connectionId', '=', connectionId)
        .where('leadId', 'in', (eb) => eb.selectFrom(ids.as('due')).select('due.leadId'))
        .where(due)
        .returningAll()
        .execute();
    },
    /** Claimed leads that were not sent (the grant was refused): waiting again. */
    async release(connectionId: string, leadIds: readonly string[]): Promise<void> {
      if (!leadIds.length) return;
      await db
        .updateTable('crmSync')
        .set({ state: 'waiting' })
        .where('connectionId', '=', connectionId)
        .where('leadId', 'in', leadIds)
        .where('state', '=', 'sending')
        .execute();
    },
    /** The leads (still existing) of these ids, with what the CRM records take. */
    async leadsFor(leadIds: readonly string[]): Promise<CrmLead[]> {
      if (!leadIds.length) return [];
      const rows = await db
        .selectFrom('lead')
        .innerJoin('profile', 'profile.id', 'lead.profileId')
        .innerJoin('user', 'user.id', 'profile.userId')
        .leftJoin('captureEvent', 'captureEvent.id', 'lead.eventId')
        .select([
          'lead.id',
          'lead.email',
          'lead.name',
          'lead.firstName',
          'lead.lastName',
          'lead.company',
          'lead.jobTitle',
          'lead.phone',
          'lead.mobile',
          'lead.website',
          'lead.message',
          'lead.note',
          'lead.method',
          'lead.source',
          'lead.cardId',
          'lead.consentText',
          'lead.consentVersion',
          'lead.consentAt',
          'lead.created',
          'captureEvent.name as eventName',
          'user.email as ownerEmail',
        ])
        .where('lead.id', 'in', leadIds)
        .execute();
      return rows.map((row) => ({ ...row, created: Number(row.created), consentAt: row.consentAt === null ? null : Number(row.consentAt) }));
    },
    /**
     * The outcome of sending `version` of the lead: recorded only if no change came since (that
     * change is waiting and sends again). The record's id is kept either way, so a deletion that
     * came meanwhile reaches the record just made.
     */
    async record(
      connectionId: string,
      leadId: string,
      version: number,
      outcome: { remoteId?: string; link?: string; state: 'synced' | 'failed' | 'gone'; error?: string },
    ) {
      const row = db.updateTable('crmSync').where('connectionId', '=', connectionId).where('leadId', '=', leadId);
      if (outcome.remoteId) await row.set({ remoteId: outcome.remoteId }).execute();
      if (outcome.state === 'gone') {
        await db.deleteFrom('crmSync').where('connectionId', '=', connectionId).where('leadId', '=', leadId).where('version', '=', version).execute();
        return;
      }
      await row
        .where('version', '=', version)
        .set({ state: outcome.state, link: outcome.link ?? null, error: outcome.error ?? null, updated: Date.now() })
        .execute();
    },
    /** The CRM records that leads of the connection still hold (not being deleted). */
    async heldRecords(connectionId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('crmSync')
        .select('remoteId')
        .distinct()
        .where('connectionId', '=', connectionId)
        .where('op', '=', 'upsert')
        .where('remoteId', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.remoteId!));
    },
    /** An attempt that will be retried: the rows stay waiting with the reason shown. */
    async noteError(connectionId: string, leadIds: readonly string[], error: string): Promise<void> {
      if (!leadIds.length) return;
      await db
        .updateTable('crmSync')
        .set({ error, state: 'waiting' })
        .where('connectionId', '=', connectionId)
        .where('leadId', 'in', leadIds)
        .where('state', 'in', ['waiting', 'sending'])
        .execute();
    },
    /** Whether the connection has more waiting leads: a full batch sends again at once. */
    async enqueueIfWaiting(connectionId: string): Promise<void> {
      const row = await db.selectFrom('crmSync').select('leadId').where('connectionId', '=', connectionId).where('state', '=', 'waiting').executeTakeFirst();
      if (row) await enqueue(db, connectionId);
    },
    /** The lead's state in each connection, for its owner. */
    forLead(userId: string, leadId: string): Promise<SyncRow[]> {
      return syncRows().where('crmSync.leadId', '=', leadId).where('crmSync.userId', '=', userId).orderBy('crmConnection.provider').execute();
    },
    /** The connection's latest 50 leads (the sync log). */
    log(connectionId: string): Promise<SyncRow[]> {
      return syncRows().where('crmSync.connectionId', '=', connectionId).orderBy('crmSync.updated', 'desc').limit(50).execute();
    },
    async counts(connectionId: string): Promise<{ waiting: number; synced: number; failed: number }> {
      const rows = await db
        .selectFrom('crmSync')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('connectionId', '=', connectionId)
        .groupBy('state')
        .execute();
      const counts = { waiting: 0, synced: 0, failed: 0 };
      // A lead being sent is still waiting for its outcome.
      for (const row of rows) {
        const state = row.state === 'sending' ? 'waiting' : row.state;
        if (state in counts) counts[state as keyof typeof counts] += Number(row.n);
      }
      return counts;
    },
    /**
     * `POST /lead/crm/retry`: the owner's lead waits again in every connection it goes to (also
     * one connected after the lead came in). Answers how many connections it now waits in, or
     * undefined when it is not the owner's lead.
     */
    async retry(userId: string, leadId: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const lead = await trx
          .selectFrom('lead')
          .innerJoin('profile', 'profile.id', 'lead.profileId')
          .select(['lead.id', 'lead.method', 'lead.profileId'])
          .where('lead.id', '=', leadId)
          .where('profile.userId', '=', userId)
          .executeTakeFirst();
        if (!lead) return undefined;
        await leadChanged(trx, { userId, profileId: lead.profileId, type: 'lead.updated', data: { id: lead.id, method: lead.method } });
        const waiting = await trx.selectFrom('crmSync').select('connectionId').where('leadId', '=', leadId).where('state', '=', 'waiting').execute();
        return waiting.length;
      });
    },
    /** After a reconnect: the leads that waited while it was broken go now. */
    requeue: (connectionId: string) => enqueue(db, connectionId),
  };
}
export type CrmSyncRepository = ReturnType<typeof createCrmSyncRepository>;
