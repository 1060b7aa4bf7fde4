import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOcrPool, type OcrPool } from '../../server/features/capture/ocr-pool.ts';
import { AppError } from '../../server/http/errors.ts';

/**
 * Issue 36: Tesseract's worker threads read with the trained data of the npm packages and never
 * use the network; a few read at once, a short queue waits, the rest is refused with 503.
 */

/** A line of print on white, as a card's scan would have it. */
const printed = (text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="160"><rect width="900" height="160" fill="#fff"/><text x="40" y="100" font-family="DejaVu Sans" font-size="48">${text}</text></svg>`,
    ),
  )
    .greyscale()
    .png()
    .toBuffer();

const pools: OcrPool[] = [];
const pool = (options: Parameters<typeof createOcrPool>[0]) => {
  const created = createOcrPool(options);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the OCR pool (issue 36)', () => {
  it('reads German text with its umlauts, the network refused in the worker', async () => {
    const result = await pool({ workers: 1, queue: 1 }).recognize(await printed('Jürgen Müller, Straße 12'));
    expect(result.text).toBe('Jürgen Müller, Straße 12');
    expect(result.lines).toEqual([expect.objectContaining({ text: 'Jürgen Müller, Straße 12', height: expect.any(Number), top: expect.any(Number) })]);
    expect(result.confidence).toBeGreaterThan(0.8);
  });

  it('fails, and fetches nothing, when told to take its trained data from the web: the worker has no network', async () => {
    // tesseract.js's own default is a CDN; a URL here makes the worker try it, and the guard of ocr-worker.mjs refuse it.
    const remote = pool({ workers: 1, queue: 1, langPath: 'https://cdn.jsdelivr.net/npm/@tesseract.js-data/deu/4.0.0_best_int' });
    await expect(remote.recognize(await printed('Hallo'))).rejects.toThrow(/may not use the network/);
  });

  it('refuses with 503 and Retry-After once every engine is busy and the queue is full, and reads the rest', async () => {
    const busy = pool({ workers: 1, queue: 1 });
    const image = await printed('Anna Schmidt');
    const first = busy.recognize(image);
    const second = busy.recognize(image);
    const third = busy.recognize(image).catch((error: unknown) => error);
    const refused = (await third) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect([refused.status, refused.code, refused.retryAfterSeconds]).toEqual([503, 'cmc/unavailable', 5]);
    expect((await first).text).toBe('Anna Schmidt');
    expect((await second).text).toBe('Anna Schmidt');
  });

  it('ends an engine whose read takes too long and answers 503', async () => {
    const slow = pool({ workers: 1, queue: 1, timeoutMs: 1 });
    const error = (await slow.recognize(await printed('Anna Schmidt')).catch((e: unknown) => e)) as AppError;
    expect([error.status, error.message]).toEqual([503, 'Reading the card took too long. Please try again.']);
    expect(slow.running).toBe(0);
  });

  it('ends idle engines and gives their memory back', async () => {
    const idle = pool({ workers: 1, queue: 1, idleMs: 50 });
    await idle.recognize(await printed('Anna'));
    expect(idle.running).toBe(1);
    await vi.waitFor(() => expect(idle.running).toBe(0), { timeout: 5_000, interval: 20 });
  });

  it('refuses reads after close', async () => {
    const closed = pool({ workers: 1, queue: 1 });
    await closed.close();
    await expect(closed.recognize(await printed('Anna'))).rejects.toMatchObject({ status: 503 });
  });
});
