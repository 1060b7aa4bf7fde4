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
