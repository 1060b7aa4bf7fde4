import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Options of {@link serviceWorker}. */
export interface ServiceWorkerOptions {
  /** The worker's source with `__VERSION__`, `__PRECACHE__` and `__SERVER_PATH__` to fill in (app/sw/service-worker.js). */
  template: string;
  /** The app's public folder (icons, manifests): copied to the build's root and kept by the worker. */
  publicDir: string;
  /** The repository's locales folder; these languages' files are kept (the server answers them at /locales/{lng}/{ns}.json). */
  localesDir: string;
  languages: readonly string[];
  /** Paths the server answers itself (shared/server-paths.ts): a navigation there is never the app shell. */
  serverPathPattern: RegExp;
  /** Files larger than this are not kept (the QR reader's WebAssembly: scanning needs the server anyway). */
  maxFileBytes?: number;
}

const listFiles = (dir: string, prefix = ''): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    : [];

/**
 * Issue 36: writes `sw.js` into the build, the hand-written worker of app/sw/service-worker.js
 * with the list of files that make the app shell (index.html, every script and stylesheet of
 * this build, the public folder's icons and manifests, the translations) and a version that is
 * the hash of their contents, so a new build installs a new worker and drops the old copies.
 * Written by hand rather than with vite-plugin-pwa: its workbox-build brings Babel, Rollup and
 * terser (about 150 packages) into the build for what is here a hundred lines (docs/capture.md).
 */
export function serviceWorker(options: ServiceWorkerOptions): Plugin {
  const maxBytes = options.maxFileBytes ?? 1024 * 1024;
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const hash = createHash('sha256');
      const urls: string[] = [];
      const keep = (url: string, content: string | Uint8Array) => {
        if (content.length > maxBytes) return;
        urls.push(url);
        hash.update(url).update(content);
      };
      for (const item of Object.values(bundle).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        if (!/\.(js|css|html)$/.test(item.fileName)) continue;
        keep(`/${item.fileName}`, item.type === 'chunk' ? item.code : item.source);
      }
      for (const file of listFiles(options.publicDir).sort()) keep(`/${file}`, fs.readFileSync(path.join(options.publicDir, file)));
      for (const lng of options.languages) {
        for (const file of listFiles(path.join(options.localesDir, lng))
          .filter((f) => f.endsWith('.json'))
          .sort())
          keep(`/locales/${lng}/${file}`, fs.readFileSync(path.join(options.localesDir, lng, file)));
      }
      if (!urls.includes('/index.html')) this.error('service-worker: the build has no index.html to keep');
      const source = fs
        .readFileSync(options.template, 'utf8')
        .replace("VERSION = '__VERSION__';", `VERSION = ${JSON.stringify(hash.digest('hex').slice(0, 16))};`)
        .replace('PRECACHE = __PRECACHE__;', `PRECACHE = ${JSON.stringify(urls)};`)
        .replace('new RegExp(__SERVER_PATH__)', `new RegExp(${JSON.stringify(options.serverPathPattern.source)})`);
      if (/= __PRECACHE__|RegExp\(__SERVER_PATH__|'__VERSION__'/.test(source)) this.error('service-worker: a placeholder of the template was not filled in');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
