import { displayName } from '../../../shared/display-name.ts';
import type { Language, Profile } from '../../../shared/schemas/profile.schema.ts';
import type { Mail } from '../../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What a visitor may add to the e-mail (issue 12); blank fields are left out of the mail. */
export interface LeadDetails {
  name: string;
  phone: string;
  company: string;
  message: string;
}

/** The lead mail's words in the owner's language. */
const LEAD_TEXTS = {
  de: {
    subject: 'Neuer Kontakt',
    intro: (label: string) => `Jemand hat Ihnen über Ihr Profil „${label}“ die eigenen Kontaktdaten hinterlassen:`,
    rows: { name: 'Name', phone: 'Telefon', company: 'Firma', message: 'Nachricht' },
    contacts: 'Kontakte',
    other: 'English: New contact',
  },
  en: {
    subject: 'New contact',
    intro: (label: string) => `Someone left their contact details on your profile “${label}”:`,
    rows: { name: 'Name', phone: 'Phone', company: 'Company', message: 'Message' },
    contacts: 'Contacts',
    other: 'Deutsch: Neuer Kontakt',
  },
} as const;

/** To the owner: a visitor left an e-mail on a profile (D5), in the owner's language (issue 23). */
export function leadMail({
  to,
  language,
  profile,
  senderEmail,
  details = { name: '', phone: '', company: '', message: '' },
  appUrl,
}: {
  to: string;
  /** The account's language (mail-language.ts). */
  language: Language;
  profile: Profile;
  senderEmail: string;
  details?: LeadDetails;
  /** The owner app's contacts screen. */
  appUrl?: string;
}): Mail {
  const t = LEAD_TEXTS[language];
  const label = profile.profileName || displayName(profile, language);
  const rows = (['name', 'phone', 'company', 'message'] as const).map((k) => [t.rows[k], details[k]] as const).filter(([, v]) => v.trim());
  const textRows = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  const text = `${t.intro(label)}\n${senderEmail}\n` + (textRows ? `\n${textRows}\n` : '') + (appUrl ? `\n${t.contacts}: ${appUrl}\n` : '') + `\n${t.other}\n`;
  const htmlRows = rows.map(([k, v]) => `<p><b>${escape(k)}:</b> ${escape(v).replace(/\n/g, '<br>')}</p>`).join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(t.intro(label))}</p>
<p style="font-size:18px"><a href="mailto:${escape(senderEmail)}">${escape(senderEmail)}</a></p>${htmlRows}${
    appUrl ? `<p><a href="${escape(appUrl)}">${escape(t.contacts)}</a></p>` : ''
  }<p style="font-size:12px;color:#6b7280">${escape(t.other)}</p></body></html>`;
  return { to, subject: `${t.subject}: ${senderEmail}`, text, html, replyTo: senderEmail };
}

/** To the visitor: the owner's contact card as a vCard attachment, in the visitor's language (D5). */
export function vcardMail({
  to,
  profile,
  language,
  vcard,
  profileUrl,
  deletionUrl,
}: {
  to: string;
  profile: Profile;
  language: Language;
  vcard: { text: string; fileName: string };
  profileUrl: string;
  /** The signed link that deletes this visitor's lead (issue 12), after a confirmation. */
  deletionUrl?: string;
}): Mail {
  const name = displayName(profile, language);
  const t =
    language === 'de'
      ? {
          subject: `Kontaktdaten von ${name}`,
          body: `Vielen Dank für Ihr Interesse! Im Anhang finden Sie die Kontaktdaten von ${name} zum Speichern.`,
          link: 'Zum Profil',
          deletion: `${name} hat Ihre Angaben erhalten. Sie können sie hier jederzeit löschen:`,
          deletionLink: 'Meine Angaben löschen',
        }
      : {
          subject: `Contact details of ${name}`,
          body: `Thank you for your interest! The contact details of ${name} are attached, ready to save.`,
          link: 'View profile',
          deletion: `${name} has received your details. You can delete them here at any time:`,
          deletionLink: 'Delete my details',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.body}\n\n${t.link}: ${profileUrl}\n` + (deletionUrl ? `\n${t.deletion}\n${deletionUrl}\n` : ''),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937"><p>${escape(t.body)}</p><p><a href="${escape(profileUrl)}">${escape(t.link)}</a></p>` +
      (deletionUrl ? `<p style="font-size:13px;color:#6b7280">${escape(t.deletion)} <a href="${escape(deletionUrl)}">${escape(t.deletionLink)}</a></p>` : '') +
      '</body></html>',
    attachments: [{ filename: vcard.fileName, content: vcard.text, contentType: 'text/vcard; charset=utf-8' }],
  };
}
