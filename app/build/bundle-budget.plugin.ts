import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Options of {@link bundleBudget}. */
export interface BundleBudgetOptions {
  /** Part of the module id of the lazily loaded route whose first load is measured (e.g. `login.page`). */
  entryRoute: string;
  /** Most gzip bytes of JavaScript that first load may fetch. */
  maxGzipBytes: number;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds?: string[];
}

/**
 * Prints the gzip size of every JavaScript file and of the JavaScript a browser fetches to
 * show one route first (the entry, the route's lazy chunk and everything they import
 * statically), and fails the build when that sum passes the budget. Vite's own report lists
 * files one by one, which hides whether a heavy library slipped into the first load.
 */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  return {
    name: 'bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const gzip = new Map<string, number>();
      for (const chunk of chunks.values()) gzip.set(chunk.fileName, gzipSync(chunk.code, { level: 9 }).length);

      const entry = [...chunks.values()].find((c) => c.isEntry);
      const route = [...chunks.values()].find((c) => c.facadeModuleId?.includes(options.entryRoute));
      if (!entry || !route) {
        this.error(`bundle-budget: could not find the entry chunk or the chunk of ${options.entryRoute}`);
      }
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        if (firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
      };
      visit(entry.fileName);
      visit(route.fileName);

      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const rows = [...chunks.values()]
        .sort((a, b) => (gzip.get(b.fileName) ?? 0) - (gzip.get(a.fileName) ?? 0))
        .map((c) => `  ${firstLoad.has(c.fileName) ? '*' : ' '} ${kb(gzip.get(c.fileName) ?? 0).padStart(9)}  ${c.fileName}`);
      const total = [...firstLoad].reduce((sum, f) => sum + (gzip.get(f) ?? 0), 0);
      const lines = [
        '',
        'JavaScript, gzip (* = fetched on the first load of the measured route):',
        ...rows,
        `First load of ${options.entryRoute}: ${kb(total)} gzip (budget ${kb(options.maxGzipBytes)})`,
        '',
      ];
      console.log(lines.join('\n'));
      if (total > options.maxGzipBytes) {
        this.error(`bundle-budget: the first load of ${options.entryRoute} is ${kb(total)} gzip, over ${kb(options.maxGzipBytes)}`);
      }
    },
  };
}
