import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Mail } from '../../mail/mailer.ts';

/**
 * Issue 28: what an owner is told when support acts on their card, in the account's language
 * (server/mail/mail-language.ts; English without one). The operator's reason is not sent: it
 * is for the audit log and may name the caller who asked.
 */
export type CardMailKind = 'blocked' | 'unblocked' | 'reset' | 'moved-away' | 'moved-here';

type Texts = Record<Language, string>;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const SUBJECTS: Record<CardMailKind, Texts> = {
  blocked: { de: 'Ihre Karte {{card}} wurde deaktiviert', en: 'Your card {{card}} has been deactivated' },
  unblocked: { de: 'Ihre Karte {{card}} ist wieder aktiv', en: 'Your card {{card}} is active again' },
  reset: { de: 'Ihre Karte {{card}} wurde zurückgesetzt', en: 'Your card {{card}} has been reset' },
  'moved-away': { de: 'Ihre Karte {{card}} gehört jetzt zu einem anderen Konto', en: 'Your card {{card}} now belongs to another account' },
  'moved-here': { de: 'Eine Karte wurde Ihrem Konto hinzugefügt', en: 'A card has been added to your account' },
};

const BODIES: Record<CardMailKind, Texts> = {
  blocked: {
    de: 'Unser Support hat Ihre Karte {{card}} deaktiviert. Wer sie scannt, sieht jetzt nur noch den Hinweis, dass die Karte deaktiviert ist, und kein Profil. Ihre Profile bleiben unverändert.',
    en: 'Our support has deactivated your card {{card}}. Whoever scans it now only sees that the card is deactivated, and no profile. Your profiles stay as they are.',
  },
  unblocked: {
    de: 'Unser Support hat Ihre Karte {{card}} wieder aktiviert. Wer sie scannt, sieht wieder Ihr Profil.',
    en: 'Our support has activated your card {{card}} again. Whoever scans it sees your profile again.',
  },
  reset: {
    de: 'Unser Support hat Ihre Karte {{card}} zurückgesetzt: Sie ist nicht mehr mit Ihrem Konto verbunden und kann neu registriert werden. Ihre Profile bleiben erhalten.',
    en: 'Our support has reset your card {{card}}: it is no longer linked to your account and can be registered again. Your profiles are kept.',
  },
  'moved-away': {
    de: 'Unser Support hat Ihre Karte {{card}} auf ein anderes Konto übertragen. Sie zeigt Ihr Profil nicht mehr. Ihre Profile bleiben erhalten.',
    en: 'Our support has moved your card {{card}} to another account. It no longer shows your profile. Your profiles are kept.',
  },
  'moved-here': {
    de: 'Unser Support hat die Karte {{card}} Ihrem Konto hinzugefügt. Sie zeigt ein neues Profil, das Sie in der App bearbeiten können.',
    en: 'Our support has added the card {{card}} to your account. It shows a new profile that you can edit in the app.',
  },
};

const CLOSING: Texts = {
  de: 'Wenn Sie das nicht erwartet haben, antworten Sie bitte auf diese E-Mail.',
  en: 'If you did not expect this, please reply to this e-mail.',
};

const fill = (text: string, cardId: string) => text.replace('{{card}}', cardId);

/** The mail to `to` about `cardId`. */
export function cardMail(kind: CardMailKind, { to, cardId, language, appUrl }: { to: string; cardId: string; language: Language; appUrl: string }): Mail {
  const subject = fill(SUBJECTS[kind][language], cardId);
  const body = fill(BODIES[kind][language], cardId);
  const text = `${body}\n\n${CLOSING[language]}\n${appUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(body)}</p><p>${escape(CLOSING[language])}</p><p><a href="${escape(appUrl)}">${escape(appUrl)}</a></p></body></html>`;
  return { to, subject, text, html };
}
