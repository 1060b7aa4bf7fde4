import { useEffect, useState } from 'react';
import type { AppConfig } from '../../../shared/schemas/app-config.schema.ts';
import { apiRequest } from './api-client.ts';

/** Operator settings the app shows (support address, shop, public host for links), typed by the shared schema. */
export type { AppConfig };

let loaded: AppConfig | undefined;
let loading: Promise<AppConfig> | null = null;

function loadAppConfig(): Promise<AppConfig> {
  loading ??= apiRequest<AppConfig>('/app-config.json', { auth: false }).then(
    (config) => (loaded = { ...config, publicUrl: config.publicUrl.replace(/\/+$/, '') }),
    (error: unknown) => {
      // A failure is asked again by the next screen that needs it.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads /app-config.json once per visit (the settings change only with a redeploy); `data` is
 * undefined until it has arrived, and stays so after a failure, which never replaces the layout.
 * No query library: the sign-in screen and the navigation bar use it (issue 22).
 */
export function useAppConfig(): { data: AppConfig | undefined } {
  const [config, setConfig] = useState(loaded);
  useEffect(() => {
    if (config) return;
    let live = true;
    loadAppConfig().then(
      (value) => live && setConfig(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [config]);
  return { data: config };
}
