import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A page ready to send: compressed once, with a content-derived ETag. */
export interface CachedPage {
  /** The change stamp of the profile the page shows (`updated`, epoch ms). */
  stamp: number;
  /** The profile it shows: link-in-bio pages are looked up by short link, then checked by profile. */
  profileId: string;
  etag: string;
  csp: string;
  gzip: Buffer;
  br: Buffer;
  /** Bytes of the uncompressed page (its Content-Length when sent as it is). */
  identityLength: number;
}

/** What a page producer answers: the page's HTML and policy, and the state it was rendered from. */
export interface ProducedPage {
  stamp: number;
  profileId: string;
  html: string;
  csp: string;
}

/** Compresses a page with the best settings, once: gzip level 9 and brotli quality 11 off the event loop. */
export async function preparePage(page: ProducedPage): Promise<CachedPage> {
  const [gz, br] = await Promise.all([
    gzipAsync(page.html, { level: 9 }),
    brotliAsync(page.html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html),
      },
    }),
  ]);
  const hash = createHash('sha256').update(page.html).digest('base64url').slice(0, 22);
  // Weak: the same page goes out in three encodings, byte-different but equivalent.
  return { stamp: page.stamp, profileId: page.profileId, etag: `W/"${hash}"`, csp: page.csp, gzip: gz, br, identityLength: Buffer.byteLength(page.html) };
}

/** The uncompressed page, for the rare client that accepts neither gzip nor brotli. */
export function identityBody(page: CachedPage): Buffer {
  return gunzipSync(page.gzip);
}

/**
 * Rendered, compressed pages per (page, language), valid while the profile's `updated`
 * stamp is unchanged. The stamp comes from the database on every request (one indexed
 * read, which also counts the view), so a change on any instance is seen by all instances
 * at once and nothing needs invalidating. Bounded: the least recently used page goes first.
 * Concurrent misses of one key render once.
 */
export class RenderCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();

  constructor(private readonly maxPages = 1000) {}

  private readonly lastUse = new Map<string, number>();
  private clock = 0;

  /** The cached page of `key`, if any (whatever its stamp: the caller compares). */
  peek(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    // A use is a counter tick, not a re-insertion: a hit stays two map operations on the hot path.
    if (page) this.lastUse.set(key, ++this.clock);
    return page;
  }

  /** Produces, compresses and stores the page of `key`; null (nothing stored) when the producer finds nothing. */
  fill(key: string, produce: () => Promise<ProducedPage | null>): Promise<CachedPage | null> {
    const running = this.pending.get(key);
    if (running) return running;
    const work = (async () => {
      const produced = await produce();
      if (!produced) {
        this.pages.delete(key);
        this.lastUse.delete(key);
        return null;
      }
      const page = await preparePage(produced);
      this.pages.set(key, page);
      this.lastUse.set(key, ++this.clock);
      if (this.pages.size > this.maxPages) this.evictLeastRecentlyUsed();
      return page;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  /** Drops the tenth of the pages used longest ago: one scan pays for many inserts. */
  private evictLeastRecentlyUsed(): void {
    const drop = Math.max(1, Math.floor(this.maxPages / 10));
    const oldest = [...this.lastUse].sort((a, b) => a[1] - b[1]).slice(0, drop);
    for (const [key] of oldest) {
      this.pages.delete(key);
      this.lastUse.delete(key);
    }
  }

  /** Number of pages held; for tests and diagnostics. */
  get size(): number {
    return this.pages.size;
  }
}
