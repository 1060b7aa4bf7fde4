import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret (Standard Webhooks 1.0): `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

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
