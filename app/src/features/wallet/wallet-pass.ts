import { z } from 'zod';
import { apiDownload, apiRequest, ApiRequestError } from '../../lib/api-client.ts';
import { ErrorCode } from '../../../../shared/error-codes.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The two wallets of D11. */
export type WalletKind = 'apple' | 'google';

/** How a wallet request ended (SPEC 7: load error, download error, success; D11 adds not configured). */
export type WalletResult = 'success' | 'not-configured' | 'failed';

/**
 * Puts a card into a wallet: Apple gets the signed `.pkpass` file as a download, Google opens
 * its "save to wallet" link. Errors are results, not exceptions, so the caller picks the toast.
 */
export async function downloadWalletPass(cardId: string, kind: WalletKind): Promise<WalletResult> {
  try {
    if (kind === 'apple') {
      const pass = await apiDownload(`/wallet/download/${encodeURIComponent(cardId)}`);
      saveBlob(pass, `WalletCard-${cardId}.pkpass`);
    } else {
      const { url } = await apiRequest('/wallet/google/save-url', { body: { cardId }, schema: z.object({ url: z.url() }) });
      window.location.assign(url);
    }
    return 'success';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 503 && error.code === ErrorCode.notConfigured) return 'not-configured';
    return 'failed';
  }
}
