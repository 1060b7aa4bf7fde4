import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4, pngImage, upload } from '../support/factories.ts';

/**
 * Issue 10, point 6: image decoding takes memory in proportion to the pixels, so a process
 * decodes at most one image per core at once; a short queue waits, the rest get 503 with
 * Retry-After (server/images/decode-slots.ts).
 */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

describe('many large uploads at once', () => {
  it('decode at most one image per core at a time, and the surplus is refused with 503 and Retry-After, never a 500', async () => {
    const profiles = await Promise.all(Array.from({ length: 4 }, () => createProfile(t, owner)));
    // 24 megapixels: about 100 MB while decoded, a small file because it is one colour.
    const big = await pngImage(6000, 4000, '#446688');
    // Measured apart from the limiter's own count: sharp's tasks handed to libuv (queued or
    // running) in this process, sampled while the uploads run. Each decode slot runs one
    // sharp task at a time (the header read, then the pipeline).
    let sharpPeak = 0;
    const sample = setInterval(() => {
      const { queue, process } = sharp.counters();
      sharpPeak = Math.max(sharpPeak, queue + process);
    }, 1);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => upload(t, owner, 'profileImage', profiles[i % profiles.length].id, big)));
    clearInterval(sample);
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(t.app.services.decodeSlots.slots);
    const refused = results.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expectD4(r, 503, 'cmc/unavailable');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(t.app.services.decodeSlots.peak).toBeLessThanOrEqual(t.app.services.decodeSlots.slots);
    expect(sharpPeak).toBeGreaterThan(0);
    expect(sharpPeak).toBeLessThanOrEqual(t.app.services.decodeSlots.slots);
    // Once they are through, uploads are taken again.
    expect((await upload(t, owner, 'profileImage', profiles[0].id, await pngImage(64, 64))).status).toBe(200);
  }, 120_000);
});
