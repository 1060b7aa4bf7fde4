/**
 * The device of a session, read from its User-Agent by a small documented mapping instead of a
 * parser library: the Security screen only needs "which browser on which system" to tell a
 * person's own devices apart. Order matters where one browser names another in its agent
 * (Edge and Opera say "Chrome", Chrome says "Safari", every browser on iOS says "Safari").
 * Anything not recognised is `null`, which the screen shows as "unknown".
 */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Browser and operating system of a User-Agent, each `null` when not recognised. */
export interface Device {
  browser: string | null;
  os: string | null;
}

export function deviceOf(userAgent: string | null | undefined): Device {
  const agent = (userAgent ?? '').slice(0, 512);
  const pick = (table: ReadonlyArray<readonly [RegExp, string]>) => table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser: pick(BROWSERS), os: pick(SYSTEMS) };
}
