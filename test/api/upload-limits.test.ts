import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import type { FastifyInstance } from 'fastify';
import { createProfile, expectD4, multipartBody, pngImage, upload } from '../support/factories.ts';

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
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(t.app.platform.decodeSlots.slots);
    const refused = results.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expectD4(r, 503, 'cmc/unavailable');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(t.app.platform.decodeSlots.peak).toBeLessThanOrEqual(t.app.platform.decodeSlots.slots);
    expect(sharpPeak).toBeGreaterThan(0);
    expect(sharpPeak).toBeLessThanOrEqual(t.app.platform.decodeSlots.slots);
    // Once they are through, uploads are taken again.
    expect((await upload(t, owner, 'profileImage', profiles[0].id, await pngImage(64, 64))).status).toBe(200);
  }, 120_000);
});

describe('uploads per account', () => {
  it('refuses the 61st upload of an hour with 429 and Retry-After, for this account only, counted across instances', async () => {
    const busy = await t.signUp();
    const profile = await createProfile(t, busy);
    const small = await pngImage(16, 16, '#224466');
    const second = await t.secondInstance();
    try {
      for (let i = 0; i < 60; i++) {
        // Every other upload through the second instance: the count is shared, not per process.
        const res = i % 2 ? await upload(t, busy, 'profileImage', profile.id, small) : await uploadVia(second.app, busy, profile.id, small);
        expect(res.status, `upload ${i + 1}`).toBe(200);
      }
      const refused = await upload(t, busy, 'profileImage', profile.id, small);
      expectD4(refused, 429, 'cmc/rate-limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another account is not affected.
      const other = await createProfile(t, owner);
      expect((await upload(t, owner, 'profileImage', other.id, small)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

/** An upload through another instance of the server (inject, as `upload` does on the first). */
async function uploadVia(app: FastifyInstance, user: TestUser, profileId: string, data: Buffer) {
  const body = await multipartBody({ profileId }, { field: 'profileImage', data, filename: 'photo.png', contentType: 'image/png' });
  const res = await app.inject({ method: 'POST', url: '/upload/profileImage', payload: body.payload, headers: { ...body.headers, ...user.auth } });
  return { status: res.statusCode };
}
