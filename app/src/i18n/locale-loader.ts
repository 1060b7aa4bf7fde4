import type { BackendModule, ReadCallback } from 'i18next';

/** Where a namespace's file is served (the server's `locales/{lng}/{ns}.json`). */
export const localePath = (lng: string, ns: string) => `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;

/**
 * Whether a failed load is worth another try (SPEC 7): no answer at all or a 5xx is; a 4xx
 * (the file is not there) is final.
 */
export const isRetryableStatus = (status: number | null) => status === null || status >= 500;

/**
 * The app's translation loader for i18next (issue 22: replaces i18next-http-backend, 4 KB gzip
 * of the first load with its fetch ponyfill). i18next itself retries what this marks retryable
 * (`maxRetries`, `retryTimeout` in i18n.ts). In development, keys missing in a file are reported
 * to the server's `/locales/add/{lng}/{ns}` (D14).
 */
export const localeLoader: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng: string, ns: string, callback: ReadCallback) {
    fetch(localePath(lng, ns), { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) return callback(`failed loading ${localePath(lng, ns)}: ${res.status}`, isRetryableStatus(res.status));
        try {
          callback(null, (await res.json()) as Record<string, unknown>);
        } catch {
          callback(`failed parsing ${localePath(lng, ns)}`, false);
        }
      })
      .catch((error: unknown) => callback(error instanceof Error ? error.message : String(error), isRetryableStatus(null)));
  },
  create(languages: readonly string[], ns: string, key: string, fallbackValue: string) {
    for (const lng of languages) {
      void fetch(`/locales/add/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ [key]: fallbackValue }),
      }).catch(() => undefined);
    }
  },
};
