import type { CrmConnection, CrmLeadSync, CrmProvider } from '../../../shared/schemas/crm.schema.ts';
import type { ListedConnection } from './crm-connection.repository.ts';
import { settingsOf, type SyncRow } from './crm-sync.repository.ts';

/** A connection as its admins see it, field by field: never a token. */
export function presentConnection(row: ListedConnection, counts: CrmConnection['counts']): CrmConnection {
  return {
    id: row.id,
    provider: row.provider as CrmProvider,
    connected: row.status === 'connected',
    status: row.status === 'connected' ? 'connected' : 'broken',
    accountName: row.accountName,
    settings: settingsOf(row.settings),
    lastSyncAt: row.lastSyncAt === null ? null : Number(row.lastSyncAt),
    lastError: row.lastError,
    connectedByEmail: row.connectedByEmail,
    counts,
  };
}

/** One lead's state in one connection. */
export function presentSync(row: SyncRow): CrmLeadSync {
  return {
    provider: row.provider as CrmProvider,
    organisationId: row.organisationId,
    leadId: row.leadId,
    op: row.op === 'delete' ? 'delete' : 'upsert',
    state: row.state === 'synced' || row.state === 'failed' ? row.state : 'waiting',
    link: row.link,
    error: row.error,
    updated: Number(row.updated),
    name: row.name,
    email: row.email,
  };
}
