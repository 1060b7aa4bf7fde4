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
  modules?: Record<string, { renderedLength: number }>;
  /** Vite's: the stylesheets this chunk brings along. */
  viteMetadata?: { importedCss: Set<string> };
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
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset' && item.fileName.endsWith('.css')) gzip.set(item.fileName, gzipSync(item.source, { level: 9 }).length);
      }

      const entry = [...chunks.values()].find((c) => c.isEntry);
      const route = [...chunks.values()].find((c) => c.facadeModuleId?.includes(options.entryRoute));
      if (!entry || !route) {
        this.error(`bundle-budget: could not find the entry chunk or the chunk of ${options.entryRoute}`);
      }
      /** The files a browser fetches to show a screen first: the entry, the screen's chunk and what they import statically. */
      const firstLoadOf = (screen: string) => {
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
        };
        visit(entry.fileName);
        visit(screen);
        return files;
      };
      const sum = (files: Set<string>) => [...files].reduce((total, f) => total + (gzip.get(f) ?? 0), 0);
      const firstLoad = firstLoadOf(route.fileName);

      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      const rows = [...chunks.values()]
        .sort((a, b) => (gzip.get(b.fileName) ?? 0) - (gzip.get(a.fileName) ?? 0))
        .map((c) => `  ${firstLoad.has(c.fileName) ? '*' : ' '} ${kb(gzip.get(c.fileName) ?? 0).padStart(9)}  ${c.fileName}`);
      const total = sum(firstLoad);
      // The stylesheets of that load, which block its first paint: reported, not budgeted.
      const css = new Set([...firstLoad].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
      // Every other screen's first load too, so a change that helps the measured route at another
      // screen's cost shows (signed-in screens also fetch the owner data cache beside it).
      const screens = [...chunks.values()]
        .filter((c) => c.facadeModuleId?.endsWith('.page.tsx'))
        .map((c) => [c.facadeModuleId!.replace(/^.*\//, ''), sum(firstLoadOf(c.fileName))] as const)
        .sort((a, b) => a[0].localeCompare(b[0]));
      const lines = [
        '',
        'JavaScript, gzip (* = fetched on the first load of the measured route):',
        ...rows,
        'First load of each screen (entry, screen and their static imports), gzip:',
        ...screens.map(([name, bytes]) => `  ${kb(bytes).padStart(9)}  ${name}`),
        `CSS of that first load: ${kb(sum(css))} gzip (${[...css].join(', ')})`,
        `First load of ${options.entryRoute}: ${kb(total)} gzip (budget ${kb(options.maxGzipBytes)})`,
        '',
      ];
      // `BUNDLE_BUDGET_MODULES=1 npm run build`: what each chunk of that first load holds, biggest
      // first (the modules' code before minification: a ranking, not gzip bytes).
      if (process.env.BUNDLE_BUDGET_MODULES) {
        for (const fileName of firstLoad) {
          const modules = Object.entries(chunks.get(fileName)?.modules ?? {}).sort((a, b) => b[1].renderedLength - a[1].renderedLength);
          lines.push(`${fileName}:`, ...modules.map(([id, m]) => `  ${kb(m.renderedLength).padStart(9)}  ${id.replace(/^.*\/node_modules\//, '')}`));
        }
      }
      console.log(lines.join('\n'));
      if (total > options.maxGzipBytes) {
        this.error(`bundle-budget: the first load of ${options.entryRoute} is ${kb(total)} gzip, over ${kb(options.maxGzipBytes)}`);
      }
    },
  };
}
