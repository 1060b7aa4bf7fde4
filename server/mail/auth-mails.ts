import type { Language } from '../../shared/schemas/profile.schema.ts';
import type { Mail } from './mailer.ts';

/*
 * Identity mails, each in one language (issue 23): the language of the request that caused the
 * mail, else the account's (mail-language.ts). One short line in the other language closes the
 * mail, for a guess that went wrong (a shared computer, a browser in another language).
 */

/** A text in both languages; the mail shows one. */
type Texts = Record<Language, string>;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const OTHER: Record<Language, { language: Language; name: string }> = { de: { language: 'en', name: 'English' }, en: { language: 'de', name: 'Deutsch' } };

/** The closing line in the other language: its name and the mail's subject in it. */
function otherLanguageLine(language: Language, subject: Texts): string {
  const other = OTHER[language];
  return `${other.name}: ${subject[other.language]}`;
}

const HTML_START = '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">';
const htmlNote = (text: string) => `<p style="font-size:12px;color:#6b7280">${escape(text)}</p>`;

function buttonMail(to: string, language: Language, subject: Texts, lines: Texts, button: Texts, url: string): Mail {
  const other = otherLanguageLine(language, subject);
  const text = `${lines[language]}\n${url}\n\n${other}\n`;
  const html = `${HTML_START}
<p>${escape(lines[language])}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#111827;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(button[language])}</a></p>
${htmlNote(url)}${htmlNote(other)}</body></html>`;
  return { to, subject: subject[language], text, html };
}

/** The mail with the verification link sent after sign-up. */
export function verificationMail({ to, url, language }: { to: string; url: string; language: Language }): Mail {
  return buttonMail(
    to,
    language,
    { de: 'Bitte bestätigen Sie Ihre E-Mail-Adresse', en: 'Please confirm your e-mail address' },
    { de: 'Willkommen! Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:', en: 'Welcome! Please confirm your e-mail address with this link:' },
    { de: 'E-Mail bestätigen', en: 'Confirm e-mail' },
    url,
  );
}

/** The mail with the password-reset link. */
export function passwordResetMail({ to, url, language }: { to: string; url: string; language: Language }): Mail {
  return buttonMail(
    to,
    language,
    { de: 'Passwort zurücksetzen', en: 'Reset your password' },
    {
      de: 'Sie haben ein neues Passwort angefordert. Über diesen Link legen Sie es fest (gültig für eine Stunde):',
      en: 'You asked for a new password. Set it with this link (valid for one hour):',
    },
    { de: 'Neues Passwort', en: 'New password' },
    url,
  );
}

/** A notice without a link: something was done to the account. */
function noticeMail(to: string, language: Language, subject: Texts, lines: Texts): Mail {
  const other = otherLanguageLine(language, subject);
  const text = `${lines[language]}\n\n${other}\n`;
  const html = `${HTML_START}
<p>${escape(lines[language])}</p>${htmlNote(other)}</body></html>`;
  return { to, subject: subject[language], text, html };
}

/** Sent after an account was deleted (issue 13). */
export function accountDeletedMail({ to, language }: { to: string; language: Language }): Mail {
  return noticeMail(
    to,
    language,
    { de: 'Ihr Konto wurde gelöscht', en: 'Your account has been deleted' },
    {
      de: 'Ihr Konto und alle seine Daten – Profile, Links, Bilder, Kontakte und Statistiken – wurden gelöscht. Ihre Karten sind wieder frei und können neu registriert werden. Falls Sie das nicht selbst waren, antworten Sie bitte auf diese E-Mail.',
      en: 'Your account and all its data – profiles, links, images, contacts and statistics – have been deleted. Your cards are free again and can be registered anew. If this was not you, please reply to this e-mail.',
    },
  );
}

/** Sent to the new address of an e-mail change: its link makes the change (issue 13.5). */
export function changeEmailMail({ to, url, language }: { to: string; url: string; language: Language }): Mail {
  return buttonMail(
    to,
    language,
    { de: 'Neue E-Mail-Adresse bestätigen', en: 'Confirm your new e-mail address' },
    {
      de: 'Sie möchten sich künftig mit dieser E-Mail-Adresse anmelden. Bitte bestätigen Sie sie mit diesem Link; erst dann wird sie geändert:',
      en: 'You would like to sign in with this e-mail address from now on. Please confirm it with this link; only then will it change:',
    },
    { de: 'Adresse bestätigen', en: 'Confirm address' },
    url,
  );
}

/** Sent to the old address when a change to another address was asked for (issue 13.5). */
export function emailChangeNoticeMail({ to, newEmail, language }: { to: string; newEmail: string; language: Language }): Mail {
  return noticeMail(
    to,
    language,
    { de: 'Änderung Ihrer E-Mail-Adresse', en: 'Change of your e-mail address' },
    {
      de: `Für Ihr Konto wurde eine Änderung der E-Mail-Adresse auf ${newEmail} angefordert. Sie wird wirksam, sobald der Link in der E-Mail an die neue Adresse geöffnet wird. Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und melden Sie unter „Sicherheit und Datenschutz“ alle anderen Geräte ab.`,
      en: `A change of your account's e-mail address to ${newEmail} was requested. It takes effect once the link in the e-mail to the new address is opened. If this was not you, please change your password at once and sign out all other devices under "Security and privacy".`,
    },
  );
}

/** Sent when a passkey was added: a new lasting way into the account (issue 20). */
export function passkeyAddedMail({ to, name, language }: { to: string; name: string | null; language: Language }): Mail {
  const which = name ? ` „${name}“` : '';
  const whichEn = name ? ` "${name}"` : '';
  return noticeMail(
    to,
    language,
    { de: 'Neuer Passkey für Ihr Konto', en: 'New passkey for your account' },
    {
      de: `Ihrem Konto wurde ein Passkey${which} hinzugefügt. Falls Sie das nicht waren, entfernen Sie ihn unter „Sicherheit und Datenschutz“, ändern Sie Ihr Passwort und melden Sie alle anderen Geräte ab.`,
      en: `A passkey${whichEn} was added to your account. If this was not you, remove it under "Security and privacy", change your password and sign out all other devices.`,
    },
  );
}

/** Sent when two-factor sign-in was turned on (issue 20). */
export function twoFactorEnabledMail({ to, language }: { to: string; language: Language }): Mail {
  return noticeMail(
    to,
    language,
    { de: 'Zwei-Faktor-Anmeldung eingeschaltet', en: 'Two-factor sign-in turned on' },
    {
      de: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung mit einer Authenticator-App eingeschaltet. Falls Sie das nicht waren, setzen Sie Ihr Passwort über „Passwort vergessen“ zurück: das beendet alle Anmeldungen.',
      en: 'Two-factor sign-in with an authenticator app was turned on for your account. If this was not you, reset your password through "Forgot password": that ends every sign-in.',
    },
  );
}

/** Sent when another way to sign in (company sign-in) was linked to the account (issue 20). */
export function signInMethodAddedMail({ to, provider, language }: { to: string; provider: string; language: Language }): Mail {
  return noticeMail(
    to,
    language,
    { de: 'Neue Anmeldemethode', en: 'New way to sign in' },
    {
      de: `Ihr Konto kann sich jetzt auch über „${provider}“ anmelden. Falls Sie das nicht waren, setzen Sie Ihr Passwort über „Passwort vergessen“ zurück und antworten Sie auf diese E-Mail.`,
      en: `Your account can now also sign in through "${provider}". If this was not you, reset your password through "Forgot password" and reply to this e-mail.`,
    },
  );
}

/** What ended when the address was proven (confirmation or a reset by mail): see unproven-access.ts. */
export interface RemovedAccess {
  sessions: number;
  passkeys: string[];
  twoFactor: boolean;
  /** The names of the API tokens that were revoked. */
  apiTokens: string[];
  signInMethods: string[];
  /** The URLs of the account's own webhooks that were removed (an account nobody had confirmed). */
  webhooks: string[];
}

/** Tells the owner what a confirmation or a password reset by mail removed (issue 20). */
export function accessRemovedMail({
  to,
  reason,
  removed,
  language,
}: {
  to: string;
  reason: 'confirmed' | 'reset';
  removed: RemovedAccess;
  language: Language;
}): Mail {
  const de: string[] = [];
  const en: string[] = [];
  if (removed.sessions) {
    de.push(`${removed.sessions} Anmeldung(en) auf anderen Geräten wurden beendet.`);
    en.push(`${removed.sessions} sign-in(s) on other devices were ended.`);
  }
  if (removed.passkeys.length) {
    de.push(`Entfernte Passkeys: ${removed.passkeys.join(', ')}.`);
    en.push(`Removed passkeys: ${removed.passkeys.join(', ')}.`);
  }
  if (removed.twoFactor) {
    de.push('Die Zwei-Faktor-Anmeldung wurde ausgeschaltet; schalten Sie sie unter „Sicherheit und Datenschutz“ wieder ein.');
    en.push('Two-factor sign-in was turned off; turn it on again under "Security and privacy".');
  }
  if (removed.apiTokens.length) {
    de.push(`Widerrufene API-Tokens: ${removed.apiTokens.join(', ')}.`);
    en.push(`Removed API tokens: ${removed.apiTokens.join(', ')}.`);
  }
  if (removed.signInMethods.length) {
    de.push(`Entfernte Anmeldemethoden: ${removed.signInMethods.join(', ')}.`);
    en.push(`Removed ways to sign in: ${removed.signInMethods.join(', ')}.`);
  }
  if (removed.webhooks.length) {
    de.push(`Entfernte Webhooks: ${removed.webhooks.join(', ')}.`);
    en.push(`Removed webhooks: ${removed.webhooks.join(', ')}.`);
  }
  const why =
    reason === 'confirmed'
      ? {
          de: 'Ihre E-Mail-Adresse ist bestätigt. Was vor der Bestätigung für Ihr Konto eingerichtet wurde, gilt nicht mehr:',
          en: 'Your e-mail address is confirmed. What was set up for your account before the confirmation no longer works:',
        }
      : {
          de: 'Ihr Passwort wurde über den Link per E-Mail neu gesetzt. Was vorher für Ihr Konto eingerichtet war, gilt nicht mehr:',
          en: 'Your password was set anew through the link by e-mail. What was set up for your account before no longer works:',
        };
  return noticeMail(
    to,
    language,
    { de: 'Sicherheit Ihres Kontos', en: 'Security of your account' },
    { de: `${why.de} ${de.join(' ')}`, en: `${why.en} ${en.join(' ')}` },
  );
}
