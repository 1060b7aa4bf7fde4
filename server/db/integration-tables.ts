import type { Selectable } from 'kysely';
/** Tables of the integrations (issue 25: webhooks, API tokens) and of passes that stay current (issue 26: Apple and Google); `Database` in tables.ts lists them. */

/** A card's Apple Wallet pass as last downloaded (migration 012, issue 26); the serial number is the card id. */
export interface WalletPassTable {
  serialNumber: string;
  /** The owner who downloaded it: the pass's authentication token is derived from this and the serial. */
  userId: string;
  /** A hash of what the pass shows; when it differs from what it would show now, `updated` moves. */
  contentHash: string;
  /** Epoch ms, whole seconds: the pass's Last-Modified and its `passesUpdatedSince` tag. */
  updated: number;
}

/** A device registered for a pass's updates (Apple's web service for passes). */
export interface WalletDeviceTable {
  deviceLibraryIdentifier: string;
  serialNumber: string;
  pushToken: string;
  created: number;
}

/**
 * A Google Wallet pass object that a save link carried (migration 019, issue 26), with its
 * pending update: the object's own outbox row (google-wallet-object.repository.ts).
 */
export interface GoogleWalletObjectTable {
  /** `{issuerId}.{cardId}`, as in the save link's JWT and the Wallet API's path. */
  objectId: string;
  cardId: string;
  /** The owner whose save link it was: the object shows this owner's profile while the card is theirs. */
  userId: string;
  /** The language of the pass's texts (the save link's request, D1). */
  language: string;
  /** A hash of the object Google was last given (the save link's, or the last PATCH that succeeded). */
  contentHash: string;
  /** idle, pending (due at nextAttemptAt) or sending (claimed until nextAttemptAt). */
  status: string;
  /** 1 when a change came in while sending: the object is due again after this attempt. */
  again: number;
  /** Failed attempts of the pending update. */
  attempts: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  /** What the last attempt came to: the HTTP status, or why none came. */
  lastResult: string | null;
  created: number;
}

/** Issue 25 (migration 008): an owner's webhook endpoint. `events` is space-separated. */
export interface WebhookEndpointTable {
  id: string;
  /** The owner; for an organisation's endpoint, the admin who made it. */
  userId: string;
  /** Migration 014: the organisation whose endpoint it is; null for an owner's own. */
  organisationId: string | null;
  url: string;
  description: string;
  events: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: number | null;
  /** 1 or 0 (SQLite has no boolean). */
  enabled: number;
  disabledReason: string | null;
  failingSince: number | null;
  created: number;
  updated: number;
}

/** Issue 25: one event for one endpoint (the outbox), the same `id` on every attempt. */
export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  userId: string;
  eventType: string;
  payload: string;
  /** pending, delivered or failed. */
  status: string;
  attempts: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  lastResponseStatus: number | null;
  created: number;
}

/** Issue 25: one attempt of a delivery. */
export interface WebhookAttemptTable {
  id: string;
  deliveryId: string;
  userId: string;
  attemptedAt: number;
  durationMs: number;
  responseStatus: number | null;
  error: string | null;
  requestHeaders: string;
  responseBody: string;
}

/** Issue 25: an API token; only its SHA-256 is stored. `scopes` is space-separated. */
export interface ApiTokenTable {
  id: string;
  userId: string;
  name: string;
  tokenHash: string;
  scopes: string;
  created: number;
  lastUsedAt: number | null;
  /** Migration 016: the organisation whose leads the token reads; null for an owner's own token. */
  organisationId: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;
export type ApiTokenRow = Selectable<ApiTokenTable>;
