import { cardLink } from '../../../shared/card-link.ts';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import { qrPrintPng, qrSvg } from './qr-code.ts';

/** One file of a print bundle: a name inside the bundle's folder and its bytes. */
export interface PrintFile {
  name: string;
  data: string | Buffer;
}

/** A print-ready PNG side: 1200 px is 10 cm at 300 dpi, more than any card's code needs. */
export const PRINT_PNG_SIZE = 1200;

/** Quotes a CSV field when it needs it (RFC 4180). */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The links of one card: `link` is what the QR code holds (?src=qr), `nfcLink` what goes into the chip (?src=nfc). */
export function printRow(publicUrl: string, card: { id: string; edition: Edition | string }) {
  return { id: card.id, link: cardLink(publicUrl, card.id, 'qr'), edition: card.edition, nfcLink: cardLink(publicUrl, card.id, 'nfc') };
}

/**
 * D9's print bundle, the one definition the command line (`npm run cards -- mint`) and the
 * operator's console (issue 28) both write: `cards.csv` (id, link, edition, nfcLink; the new
 * column last, so readers of the old three keep working), then per card `<id>.svg` (the QR
 * code, any size) and `<id>.png` (print-ready, PRINT_PNG_SIZE px).
 */
export function printCsv(publicUrl: string, cards: { id: string; edition: Edition | string }[]): PrintFile {
  const rows = cards.map((c) => printRow(publicUrl, c));
  const csv = ['id,link,edition,nfcLink', ...rows.map((r) => [r.id, r.link, r.edition, r.nfcLink].map(csvField).join(','))].join('\r\n') + '\r\n';
  return { name: 'cards.csv', data: csv };
}

/** The two code files of one card in the bundle. */
export async function printCardFiles(publicUrl: string, cardId: string): Promise<PrintFile[]> {
  const link = cardLink(publicUrl, cardId, 'qr');
  return [
    { name: `${cardId}.svg`, data: await qrSvg(link) },
    { name: `${cardId}.png`, data: qrPrintPng(link, PRINT_PNG_SIZE) },
  ];
}
