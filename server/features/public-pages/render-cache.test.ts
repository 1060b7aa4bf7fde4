import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { identityBody, RenderCache, type ProducedPage } from './render-cache.ts';

const page = (html: string, stamp = 1): ProducedPage => ({ stamp, profileId: 'p1', html, csp: "default-src 'none'" });

describe('RenderCache', () => {
  it('compresses once into gzip and brotli that decode to the page', async () => {
    const cache = new RenderCache();
    const html = `<!DOCTYPE html><p>Größe ${'x'.repeat(500)}</p>`;
    const cached = await cache.fill('k', async () => page(html));
    expect(gunzipSync(cached!.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(cached!.br).toString()).toBe(html);
    expect(identityBody(cached!).toString()).toBe(html);
    expect(cache.peek('k')).toBe(cached);
  });

  it('derives the ETag from the content, so equal pages match and changed pages do not', async () => {
    const cache = new RenderCache();
    const a = await cache.fill('a', async () => page('<p>1</p>', 1));
    const b = await cache.fill('b', async () => page('<p>1</p>', 2));
    const c = await cache.fill('c', async () => page('<p>2</p>', 1));
    expect(a!.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(b!.etag).toBe(a!.etag);
    expect(c!.etag).not.toBe(a!.etag);
  });

  it('renders once for concurrent misses of one key', async () => {
    const cache = new RenderCache();
    let renders = 0;
    const produce = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 10));
      return page('<p>x</p>');
    };
    const results = await Promise.all([cache.fill('k', produce), cache.fill('k', produce), cache.fill('k', produce)]);
    expect(renders).toBe(1);
    expect(new Set(results).size).toBe(1);
    await cache.fill('k', produce);
    expect(renders).toBe(2);
  });

  it('drops the least recently used page beyond its bound', async () => {
    const cache = new RenderCache(2);
    await cache.fill('a', async () => page('a'));
    await cache.fill('b', async () => page('b'));
    cache.peek('a');
    await cache.fill('c', async () => page('c'));
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
  });

  it('forgets a page whose producer finds nothing, and lets a failed render be retried', async () => {
    const cache = new RenderCache();
    await cache.fill('k', async () => page('old'));
    expect(await cache.fill('k', async () => null)).toBeNull();
    expect(cache.peek('k')).toBeUndefined();
    await expect(cache.fill('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.fill('k', async () => page('new')))!.stamp).toBe(1);
  });
});
