import type { Generated, Selectable } from 'kysely';

/** Tables of the operator's console (issue 28, migration 010); `Database` in tables.ts lists them. */

/** Issue 28 (migration 010): an operator account granted on the command line, by e-mail (lower case). */
export interface OperatorGrantTable {
  email: string;
  granted: number;
}

/** Issue 28: one mint of cards, with its print bundle's progress. */
export interface CardBatchTable {
  id: string;
  edition: string;
  /** The operator's label, e.g. the printer's order number. */
  label: string;
  count: number;
  created: number;
  /** The e-mail of the operator (or `cli`) who minted it. */
  createdBy: string;
  /** pending, building, ready or failed. */
  bundleState: string;
  /** Cards written into the bundle so far. */
  bundleDone: Generated<number>;
  /** Where the ready ZIP lives in storage (an unguessable key). */
  bundleKey: string | null;
  /** Issue 39 (migration 028): the organisation's verified page host the cards' links are printed with; null for PUBLIC_URL's. */
  pageHost: Generated<string | null>;
}
export type CardBatchRow = Selectable<CardBatchTable>;

/** Issue 28: one console action or view of an owner's e-mail. Append-only (triggers refuse changes). */
export interface OperatorAuditTable {
  id: string;
  at: number;
  /** The operator's e-mail. */
  operator: string;
  action: string;
  /** A card id or batch id. */
  target: string;
  reason: string;
}
export type OperatorAuditRow = Selectable<OperatorAuditTable>;
