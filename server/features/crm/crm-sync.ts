import type { CrmSyncTable } from '../../db/crm-tables.ts';
import type { HandlerResult, Outbox, OutboxContext } from '../../outbox/outbox.ts';
import { scheduleOf } from '../../outbox/retry-policy.ts';
import type { CrmSettings } from '../../../shared/schemas/crm.schema.ts';
import type { CrmConnectionRepository, OpenedConnection } from './crm-connection.repository.ts';
import { settingsOf, type CrmSyncRepository } from './crm-sync.repository.ts';
import { CrmCallError, CrmGrantRevoked, type ApiAccess, type CrmApi, type CrmProviderClient, type RecordToSend } from './crm-provider.ts';
import { mergeValues, valuesOf, type CrmLead, type CrmValues } from './crm-values.ts';

/** Leads sent per message: a fair's burst goes in the providers' batch calls, 100 at a time; a full batch enqueues the next. */
export const CRM_BATCH = 100;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 10 s, 30 s, 2, 5, 15, 30 min, then hours: 16 attempts over about 28 hours; a 429's Retry-After is honoured up to 6 h. */
export const CRM_RETRY_POLICY = scheduleOf([
  10 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  HOUR,
  HOUR,
  2 * HOUR,
  2 * HOUR,
  4 * HOUR,
  4 * HOUR,
  6 * HOUR,
  6 * HOUR,
]);
/** A claimed message, and the leads it claimed, are its worker's this long. */
const LEASE_MS = 5 * MINUTE;
/** A token is refreshed when it has less than this left. */
const REFRESH_BEFORE_MS = 5 * MINUTE;

/** 429, 5xx and no answer are the CRM's passing trouble: retried. */
const isTransient = (error: CrmCallError) => error.status === null || error.status === 429 || error.status >= 500;

/**
 * Issue 37: the handler of the outbox's `crm.sync` messages (docs/outbox.md). A message names a
 * connection; its run sends up to CRM_BATCH waiting leads of it: deletions (deleted or
 * anonymised as the admin chose) and upserts matched by e-mail under the field policy, with the
 * member as the record's owner when the CRM knows their e-mail. The token is refreshed before it
 * runs out (and once on a 401); a refused grant marks the connection broken (`onBroken` mails
 * and audits) and its leads wait. 429 and 5xx are retried on CRM_RETRY_POLICY (Retry-After
 * honoured); the rows stay waiting with the reason, and are failed only when it gives up.
 */
export function registerCrmSync(
  outbox: Pick<Outbox, 'handle'>,
  deps: {
    connections: CrmConnectionRepository;
    syncs: CrmSyncRepository;
    provider: (name: string) => CrmProviderClient | undefined;
    onBroken: (connection: OpenedConnection, reason: string) => Promise<void>;
  },
): void {
  const { connections, syncs } = deps;

  async function accessOf(connection: OpenedConnection, client: CrmProviderClient, force: boolean): Promise<ApiAccess> {
    const { accessToken, refreshToken } = connection;
    if (accessToken === null || refreshToken === null) throw new CrmGrantRevoked("the stored tokens do not open with this server's AUTH_SECRET");
    if (!force && Number(connection.expiresAt) - Date.now() > REFRESH_BEFORE_MS)
      return { accessToken, apiBase: connection.apiBase, accountId: connection.accountId };
    const fresh = await client.refresh(refreshToken);
    await connections.storeTokens(connection.id, fresh);
    Object.assign(connection, fresh, fresh.apiBase ? { apiBase: fresh.apiBase } : {});
    return { accessToken: fresh.accessToken, apiBase: connection.apiBase, accountId: connection.accountId };
  }

  async function removals(api: CrmApi, rows: CrmSyncTable[], settings: CrmSettings) {
    if (!rows.length) return;
    // A record another lead of the connection still holds (the same address) stays: only the last lead's deletion removes it.
    const held = await syncs.heldRecords(rows[0].connectionId);
    const known = rows.filter((r) => r.remoteId && !held.has(r.remoteId));
    for (const row of rows) if (!known.includes(row)) await syncs.record(row.connectionId, row.leadId, row.version, { state: 'gone' });
    if (!known.length) return;
    const done = await api.remove([...new Set(known.map((r) => r.remoteId!))], settings.onDelete);
    for (const row of known) {
      const error = done.get(row.remoteId!);
      await syncs.record(row.connectionId, row.leadId, row.version, error ? { state: 'failed', error } : { state: 'gone' });
    }
  }

  async function upserts(api: CrmApi, rows: CrmSyncTable[], settings: CrmSettings) {
    const leads = new Map((await syncs.leadsFor(rows.map((r) => r.leadId))).map((lead) => [lead.id, lead]));
    // Leads deleted without an event (retention) leave nothing to send.
    for (const row of rows) if (!leads.has(row.leadId)) await syncs.record(row.connectionId, row.leadId, row.version, { state: 'gone' });
    const byEmail = new Map<string, Array<{ row: CrmSyncTable; lead: CrmLead }>>();
    for (const row of rows) {
      const lead = leads.get(row.leadId);
      if (!lead) continue;
      const email = lead.email.trim().toLowerCase();
      byEmail.set(email, [...(byEmail.get(email) ?? []), { row, lead }]);
    }
    if (!byEmail.size) return;
    const existing = await api.find([...byEmail.keys()]);
    const owners = await api.owners([...new Set([...leads.values()].map((l) => l.ownerEmail.toLowerCase()))]);
    const records: RecordToSend[] = [];
    for (const [email, group] of byEmail) {
      group.sort((a, b) => a.lead.created - b.lead.created);
      const found = existing.get(email);
      let values: CrmValues | undefined;
      // Two leads from one address in one batch are one record: each meets the last under the policy.
      for (const { lead } of group) values = mergeValues(valuesOf(lead), values ?? found?.values, settings.fields);
      const latest = group[group.length - 1].lead;
      records.push({ email, existingId: found?.id ?? null, values: values!, ownerId: owners.get(latest.ownerEmail.toLowerCase()) ?? null });
    }
    const sent = await api.send(records, settings.leadStatus);
    for (const [email, group] of byEmail) {
      const result = sent.get(email) ?? { error: 'not in the CRM’s answer' };
      for (const { row } of group)
        await syncs.record(
          row.connectionId,
          row.leadId,
          row.version,
          'id' in result ? { state: 'synced', remoteId: result.id, link: api.link(result.id) } : { state: 'failed', error: result.error },
        );
    }
  }

  async function run(connection: OpenedConnection, client: CrmProviderClient, rows: CrmSyncTable[], force: boolean): Promise<void> {
    const api = client.api(await accessOf(connection, client, force));
    const settings = settingsOf(connection.settings);
    await removals(
      api,
      rows.filter((r) => r.op === 'delete'),
      settings,
    );
    await upserts(
      api,
      rows.filter((r) => r.op !== 'delete'),
      settings,
    );
  }

  async function failed(connection: OpenedConnection, rows: CrmSyncTable[], error: unknown, context: OutboxContext): Promise<HandlerResult> {
    if (error instanceof CrmGrantRevoked) {
      await syncs.release(
        connection.id,
        rows.map((r) => r.leadId),
      );
      await deps.onBroken(connection, error.message);
      return; // Its leads wait for the next connect.
    }
    const text = error instanceof Error ? error.message.slice(0, 500) : String(error);
    const leadIds = rows.map((r) => r.leadId);
    if (error instanceof CrmCallError && !isTransient(error)) {
      for (const row of rows) await syncs.record(row.connectionId, row.leadId, row.version, { state: 'failed', error: text });
      await connections.noteSync(connection.id, Date.now(), text);
      return;
    }
    const at = context.retryAt(error instanceof CrmCallError ? error.retryAfterMs : null);
    await connections.noteSync(connection.id, Date.now(), text);
    if (at === null) {
      for (const row of rows)
        await syncs.record(row.connectionId, row.leadId, row.version, { state: 'failed', error: `given up after ${context.attempt} attempts: ${text}` });
      return { dead: text };
    }
    await syncs.noteError(connection.id, leadIds, `retrying: ${text}`);
    return { retryAt: at, error: text };
  }

  outbox.handle(
    'crm.sync',
    async ({ connectionId }, context) => {
      const connection = await connections.forSync(connectionId);
      // Disconnected (its rows went with it), or broken: its leads wait for the next connect.
      if (!connection || connection.status !== 'connected') return;
      const client = deps.provider(connection.provider);
      if (!client) return { dead: `${connection.provider} is not configured on this server` };
      const rows = await syncs.claim(connectionId, CRM_BATCH, LEASE_MS);
      if (!rows.length) return;
      try {
        try {
          await run(connection, client, rows, false);
        } catch (error) {
          // An access token refused before its time: refresh once and send again (idempotent: matched by e-mail).
          if (!(error instanceof CrmCallError && error.status === 401)) throw error;
          await run(connection, client, rows, true);
        }
      } catch (error) {
        return failed(connection, rows, error, context);
      }
      await connections.noteSync(connectionId, Date.now(), null);
      if (rows.length === CRM_BATCH) await syncs.enqueueIfWaiting(connectionId);
    },
    { policy: CRM_RETRY_POLICY, leaseMs: LEASE_MS, maxInFlight: 10 },
  );
}
