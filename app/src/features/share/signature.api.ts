import { signatureSchema, type Signature, type SignatureLayout } from '../../../../shared/schemas/signature.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const signatureKeys = {
  of: (profileId: string, layout: SignatureLayout, saveLink: boolean) => ['signature', profileId, layout, saveLink] as const,
};

export const signatureApi = {
  /** The profile's e-mail signature in one layout: the HTML to copy, and the same as plain text. */
  get: (profileId: string, layout: SignatureLayout, saveLink: boolean) =>
    apiRequest(`/find/own/profile/signature?${new URLSearchParams({ profileId, layout, saveLink: String(saveLink) })}`, { schema: signatureSchema }),
};

/**
 * Puts the signature on the clipboard as rich HTML with a plain-text twin, as a mail client's
 * paste expects. Answers false where the browser refuses (no ClipboardItem, no permission).
 */
export async function copySignature(signature: Signature): Promise<boolean> {
  try {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([signature.html], { type: 'text/html' }),
        'text/plain': new Blob([signature.text], { type: 'text/plain' }),
      }),
    ]);
    return true;
  } catch {
    return false;
  }
}
