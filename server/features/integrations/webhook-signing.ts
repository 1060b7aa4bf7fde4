import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.ts';

/** A new endpoint secret (Standard Webhooks 1.0): `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The HKDF label of the key that encrypts endpoint secrets at rest: no other key taken from AUTH_SECRET shares it. */
export const WEBHOOK_SECRET_KEY_PURPOSE = 'contact-cards webhookEndpoint.secret v1';

/**
 * The box that keeps `webhookEndpoint.secret` and `previousSecret` encrypted at rest (a database
 * dump must not let anyone sign webhooks): its key is derived from the server's secret
 * (AUTH_SECRET, server/auth/auth-secret.ts). webhook.repository.ts seals on every write and
 * opens where the worker signs.
 */
export const createWebhookSecretBox = (authSecret: string): SecretBox => createSecretBox(authSecret, WEBHOOK_SECRET_KEY_PURPOSE);

/** How a secret was stored before it was encrypted (plain `whsec_…`): still read, sealed at the worker's start. */
export const isPlainWebhookSecret = (stored: string) => stored.startsWith('whsec_');

/** The stored form of an endpoint's secret, bound to the endpoint's id (a sealed value copied into another row does not open). */
export const sealWebhookSecret = (box: SecretBox, secret: string, endpointId: string) => box.seal(secret, endpointId);

/** The secret from its stored form, sealed or plain as stored before; throws `SecretBoxError` when it does not open. */
export const openWebhookSecret = (box: SecretBox, stored: string, endpointId: string) => (isPlainWebhookSecret(stored) ? stored : box.open(stored, endpointId));

/**
 * The three headers of one attempt, signed by the reference library: `v1,` and base64
 * HMAC-SHA256 of `id.timestamp.body` under each secret's decoded bytes. During a rotation both
 * the new and the old secret sign, space-separated, so receivers still on either verify.
 */
export function signedHeaders(input: { id: string; body: string; secrets: readonly string[]; at: Date }): Record<string, string> {
  const timestamp = Math.floor(input.at.getTime() / 1000);
  const at = new Date(timestamp * 1000);
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': input.secrets.map((secret) => new Webhook(secret).sign(input.id, at, input.body)).join(' '),
  };
}
