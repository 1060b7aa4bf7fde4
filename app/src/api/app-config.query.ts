import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** Operator settings the app shows (support address, shop, public host for links). */
export interface AppConfig {
  /** Public host of profile pages and card links, without a trailing slash. */
  publicUrl: string;
  supportEmail: string;
  shopUrl: string;
  /** Which wallets the server can answer for (D11), so a badge can say so before a click. */
  wallet?: { apple: boolean; google: boolean };
  /** Company sign-in (OIDC), when the operator configured it: the button's text (issue 13.7). */
  companySignIn?: { providerId: string; label: string };
}

/** Loads /app-config.json once per visit; the settings change only with a redeploy. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    queryFn: async () => {
      const config = await apiRequest<AppConfig>('/app-config.json', { auth: false });
      return { ...config, publicUrl: config.publicUrl.replace(/\/+$/, '') };
    },
    staleTime: Infinity,
  });
}
