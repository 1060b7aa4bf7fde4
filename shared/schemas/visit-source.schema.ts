import { z } from 'zod';

/**
 * Where a visit came from (issue 12, analytics by source):
 * - `card`: the card page `/card/{id}` of a card printed before sources were written into it;
 * - `nfc` and `qr`: the card page reached from the card's NFC chip (`?src=nfc`) or its QR code (`?src=qr`);
 * - `linkinbio`: the link-in-bio page `/l/{id}` or `/linkinbio/{id}`;
 * - `link`: a shared `/p/{id}` link (the default when nothing else says where a visit came from);
 * - `wallet`: the QR code on a wallet pass (`?src=wallet`);
 * - `share`: the owner's link shared from the owner app's share panel (copied or through the
 *   system share sheet, `?src=share`, issue 23);
 * - `shareqr`: the profile's QR code from the share panel (shown full screen, or saved as PNG or
 *   SVG, `?src=shareqr`), told apart from the QR code printed on a card;
 * - `background`: the QR code on a video-call background the owner downloaded (`?src=background`, issue 26);
 * - `signature`: the name or "save contact" link of the owner's e-mail signature (`?src=signature`, issue 26);
 * - `tap`: a tap of a card's NFC chip the server verified (issue 38, NTAG 424 DNA SUN), apart from `nfc`.
 * Leads store the source of the visit that left them.
 */
export const VISIT_SOURCES = ['card', 'nfc', 'qr', 'linkinbio', 'link', 'wallet', 'share', 'shareqr', 'background', 'signature', 'tap'] as const;
export const visitSourceSchema = z.enum(VISIT_SOURCES);
export type VisitSource = z.infer<typeof visitSourceSchema>;
