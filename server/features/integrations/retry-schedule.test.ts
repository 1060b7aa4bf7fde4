import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { RETRY_DELAYS_MS, nextAttemptAt } from './retry-schedule.ts';
import { newWebhookSecret, signedHeaders } from './webhook-signing.ts';

describe('webhook retry schedule', () => {
  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => nextAttemptAt(attempt, 0, () => 0.5)!);
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAt(8, 0)).toBeNull();
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeGreaterThan(27);
  });
  it('spreads retries by at most ten per cent either way', () => {
    expect(nextAttemptAt(2, 1000, () => 0)).toBe(1000 + 270_000);
    expect(nextAttemptAt(2, 1000, () => 1)).toBe(1000 + 330_000);
  });
});

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
  it('signs so that the reference library verifies with either secret during a rotation', () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: 'lead.created', timestamp: new Date().toISOString(), data: { id: 'x' } });
    const headers = signedHeaders({ id: 'msg_1', body, secrets: [newSecret, oldSecret], at: new Date() });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(newSecret).verify(`${body} `, headers)).toThrow();
  });
});
