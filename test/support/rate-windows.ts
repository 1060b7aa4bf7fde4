import type { RateRule } from '../../server/lib/rate-limiter.ts';

/**
 * Rate limits count in fixed windows that end (server/lib/rate-limiter.ts: multiples of the
 * rule's window since the epoch; docs/security.md). A test that fills a rule's whole count to see
 * the refusal waits for the next window when fewer than `neededMs` remain of this one: else the
 * count starts over midway and the refusal never comes (a CI run of 2026-11-29: 30 wrong
 * passwords on both sides of 05:20:00 UTC).
 */
export async function roomInOneWindow(rule: Pick<RateRule, 'windowMs'>, neededMs: number): Promise<void> {
  const left = rule.windowMs - (Date.now() % rule.windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
