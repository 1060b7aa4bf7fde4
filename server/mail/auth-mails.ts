import type { Mail } from './mailer.ts';

// Identity mails are bilingual: the address owner's language is unknown at sign-up.

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function buttonMail(to: string, subject: string, lines: { de: string; en: string; button: string }, url: string): Mail {
  const text = `${lines.de}\n${url}\n\n${lines.en}\n${url}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(lines.de)}</p><p>${escape(lines.en)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#111827;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escape(lines.button)}</a></p>
<p style="font-size:12px;color:#6b7280">${escape(url)}</p></body></html>`;
  return { to, subject, text, html };
}

/** The mail with the verification link sent after sign-up. */
export function verificationMail({ to, url }: { to: string; url: string }): Mail {
  return buttonMail(
    to,
    'Bitte bestätigen Sie Ihre E-Mail-Adresse / Please confirm your e-mail address',
    {
      de: 'Willkommen! Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:',
      en: 'Welcome! Please confirm your e-mail address with this link:',
      button: 'E-Mail bestätigen / Confirm e-mail',
    },
    url,
  );
}

/** The mail with the password-reset link. */
export function passwordResetMail({ to, url }: { to: string; url: string }): Mail {
  return buttonMail(
    to,
    'Passwort zurücksetzen / Reset your password',
    {
      de: 'Sie haben ein neues Passwort angefordert. Über diesen Link legen Sie es fest (gültig für eine Stunde):',
      en: 'You asked for a new password. Set it with this link (valid for one hour):',
      button: 'Neues Passwort / New password',
    },
    url,
  );
}

/** A notice without a link: something was done to the account. */
function noticeMail(to: string, subject: string, lines: { de: string; en: string }): Mail {
  const text = `${lines.de}\n\n${lines.en}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(lines.de)}</p><p>${escape(lines.en)}</p></body></html>`;
  return { to, subject, text, html };
}

/** Sent after an account was deleted (issue 13). */
export function accountDeletedMail({ to }: { to: string }): Mail {
  return noticeMail(to, 'Ihr Konto wurde gelöscht / Your account has been deleted', {
    de: 'Ihr Konto und alle seine Daten – Profile, Links, Bilder, Kontakte und Statistiken – wurden gelöscht. Ihre Karten sind wieder frei und können neu registriert werden. Falls Sie das nicht selbst waren, antworten Sie bitte auf diese E-Mail.',
    en: 'Your account and all its data – profiles, links, images, contacts and statistics – have been deleted. Your cards are free again and can be registered anew. If this was not you, please reply to this e-mail.',
  });
}

/** Sent to the new address of an e-mail change: its link makes the change (issue 13.5). */
export function changeEmailMail({ to, url }: { to: string; url: string }): Mail {
  return buttonMail(
    to,
    'Neue E-Mail-Adresse bestätigen / Confirm your new e-mail address',
    {
      de: 'Sie möchten sich künftig mit dieser E-Mail-Adresse anmelden. Bitte bestätigen Sie sie mit diesem Link; erst dann wird sie geändert:',
      en: 'You would like to sign in with this e-mail address from now on. Please confirm it with this link; only then will it change:',
      button: 'Adresse bestätigen / Confirm address',
    },
    url,
  );
}

/** Sent to the old address when a change to another address was asked for (issue 13.5). */
export function emailChangeNoticeMail({ to, newEmail }: { to: string; newEmail: string }): Mail {
  return noticeMail(to, 'Änderung Ihrer E-Mail-Adresse / Change of your e-mail address', {
    de: `Für Ihr Konto wurde eine Änderung der E-Mail-Adresse auf ${newEmail} angefordert. Sie wird wirksam, sobald der Link in der E-Mail an die neue Adresse geöffnet wird. Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und melden Sie unter „Sicherheit und Datenschutz“ alle anderen Geräte ab.`,
    en: `A change of your account's e-mail address to ${newEmail} was requested. It takes effect once the link in the e-mail to the new address is opened. If this was not you, please change your password at once and sign out all other devices under "Security and privacy".`,
  });
}
