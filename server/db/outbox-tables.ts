/** Issue 34: one message of the transactional outbox (migration 025, docs/outbox.md). */
export interface OutboxMessageTable {
  id: string;
  /** The handler's type (shared/schemas/outbox.schema.ts). */
  type: string;
  /** What the message is about: one batch per key at once on a worker; coalescing enqueues. */
  key: string | null;
  /** The JSON payload, as the shared schema validated it. */
  payload: string;
  /** waiting, leased or dead. */
  status: string;
  /** How often a worker claimed it. */
  attempts: number;
  /** waiting: when it is due; leased: when the lease runs out. */
  availableAt: number;
  lastError: string | null;
  created: number;
  updated: number;
}
