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
}

/**
 * Lighthouse's median run of `runs` by performance score, as Lighthouse's own docs advise:
 * one run's blocking time swings with whatever else the machine is doing (the long tasks it
 * sees on these pages are Chromium's own, "unattributable"), the other categories do not.
 */
export async function medianLighthouse(url: string, runs = 3): Promise<LighthouseSummary> {
  const results: LighthouseSummary[] = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url));
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(runs / 2)];
}

/**
 * Runs Lighthouse 12 (its default: mobile emulation, simulated slow 4G and CPU throttling) on
 * one URL in Debian's Chromium started with the suites' flags and a debugging port.
 */
export async function runLighthouse(url: string): Promise<LighthouseSummary> {
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
        c.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${ref.id}: ${audits[ref.id]?.displayValue ?? audits[ref.id]?.score}`),
      ]),
    );
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [id, audits[id]?.displayValue]),
    );
    return { scores, failing, metrics };
  } finally {
    chrome.kill('SIGKILL');
    await rm(profileDir, { recursive: true, force: true });
  }
}
