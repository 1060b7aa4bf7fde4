import type { TapResult } from '../../../shared/schemas/tap.schema.ts';
import type { Mail } from '../../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const TEXTS = {
  replayed: {
    de: 'Die Karte {{card}} wurde heute mit einem schon benutzten Link aufgerufen: Jemand hat die Adresse eines früheren Antippens kopiert.',
    en: 'Card {{card}} was opened today with a link used before: someone copied the address of an earlier tap.',
  },
  invalid: {
    de: 'Die Karte {{card}} wurde heute mit einer Adresse aufgerufen, die ihr Chip nicht geschrieben hat (gefälscht, gekürzt oder von einem anderen Chip).',
    en: 'Card {{card}} was opened today with an address its chip did not write (forged, cut, or from another chip).',
  },
};

/**
 * Issue 38: the operators' mail on a card's first replayed or invalid tap of a day, in German and
 * English (operators share one console; the mail names no visitor).
 */
export function tapAlertMail({ to, cardId, result, appUrl }: { to: string; cardId: string; result: TapResult; appUrl: string }): Mail {
  const kind = result === 'replayed' ? 'replayed' : 'invalid';
  const de = TEXTS[kind].de.replace('{{card}}', cardId);
  const en = TEXTS[kind].en.replace('{{card}}', cardId);
  const subject = `Klon-Warnung / Clone alert: ${cardId}`;
  const text = `${de}\n\n${en}\n\n${appUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p lang="de">${escape(de)}</p><p lang="en">${escape(en)}</p><p><a href="${escape(appUrl)}">${escape(appUrl)}</a></p></body></html>`;
  return { to, subject, text, html };
}
