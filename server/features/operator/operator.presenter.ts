import type { CardBatchRow, OperatorAuditRow } from '../../db/tables.ts';
import type { AuditEntry, Batch, InventoryCard } from '../../../shared/schemas/operator.schema.ts';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import type { InventoryRow } from './inventory.repository.ts';

/**
 * Issue 28: what the console sees of a card: its state and counts, never its owner or profile.
 * An organisation's card no member holds yet is the organisation's (issue 35), not unregistered:
 * nobody else can register it.
 */
export function presentInventoryCard(row: InventoryRow, pendingScans = 0): InventoryCard {
  return {
    id: row.id,
    state: row.blocked !== null ? 'blocked' : row.hasOwner ? 'registered' : row.organisation ? 'organisation' : 'minted',
    edition: row.edition as Edition,
    batchId: row.batchId,
    minted: row.minted,
    registered: row.registered,
    blocked: row.blocked,
    scans: row.views + pendingScans,
    hasOwner: row.hasOwner,
    organisation: row.organisation,
  };
}

export function presentBatch(row: CardBatchRow): Batch {
  return {
    batchId: row.id,
    edition: row.edition as Edition,
    label: row.label,
    count: Number(row.count),
    created: Number(row.created),
    createdBy: row.createdBy,
    host: row.pageHost ?? null,
    bundle: { state: row.bundleState as Batch['bundle']['state'], done: Number(row.bundleDone), total: Number(row.count) },
  };
}

export function presentAuditEntry(row: OperatorAuditRow): AuditEntry {
  return { id: row.id, at: Number(row.at), operator: row.operator, action: row.action, target: row.target, reason: row.reason };
}
