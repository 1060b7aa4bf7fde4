import type { FollowUpText } from '../../../shared/schemas/capture-follow-up.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Mail } from '../../mail/mailer.ts';
import type { FollowUpLeadRow } from './capture-follow-up.repository.ts';

/** The texts used where the owner has written none (shown to the owner in the settings). */
export const FOLLOW_UP_DEFAULTS: Record<Language, FollowUpText> = {
  de: {
    subject: 'Unser Gespräch – {myName}',
    body: 'Guten Tag {name},\n\nvielen Dank für das nette Gespräch. Wie versprochen finden Sie meine Kontaktdaten im Anhang.\n\nViele Grüße\n{myName}',
  },
  en: {
    subject: 'Our conversation – {myName}',
    body: 'Hello {name},\n\nthank you for the good conversation. As promised, my contact details are attached.\n\nBest regards\n{myName}',
  },
};

const LINES: Record<Language, { meeting: string; attached: string; noticeTitle: string; deletionLink: string }> = {
  de: {
    meeting: 'Einen Termin mit mir können Sie hier wählen:',
    attached: 'Meine Kontaktdaten finden Sie als vCard im Anhang.',
    noticeTitle: 'Datenschutzhinweis (Art. 14 DSGVO)',
    deletionLink: 'Meine Angaben löschen',
  },
  en: {
    meeting: 'You can pick a time to meet me here:',
    attached: 'My contact details are attached as a vCard.',
    noticeTitle: 'Privacy notice (GDPR Art. 14)',
    deletionLink: 'Delete my details',
  },
};

/** Where the data came from, by how it was captured. */
const SOURCES: Record<Language, Record<string, string>> = {
  de: { paper: 'Ihrer Visitenkarte', badge: 'Ihrem Namensschild', qr: 'Ihrem QR-Code', manual: 'unserem Gespräch' },
  en: { paper: 'your business card', badge: 'your badge', qr: 'your QR code', manual: 'our conversation' },
};

/**
 * The GDPR Art. 14 notice the mail ends with, with `{…}` for what each lead fills in: who holds
 * the data (the owner, with their address), which data and from where, why (to follow up on
 * the conversation: legitimate interest, Art. 6(1)(f)), how long (the installation's lead
 * retention), the person's rights, and the link that deletes the lead at once.
 */
export const FOLLOW_UP_NOTICE: Record<Language, string> = {
  de:
    '{myName}{myCompany} ({myEmail}) ist für Ihre Angaben verantwortlich: {data} aus {source}{event}. Sie werden genutzt, um nach unserem Gespräch ' +
    'mit Ihnen in Kontakt zu bleiben (berechtigtes Interesse, Art. 6 Abs. 1 lit. f DSGVO), und höchstens {days} Tage gespeichert, dann ' +
    'gelöscht. Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung und Widerspruch sowie auf Beschwerde bei einer ' +
    'Datenschutzaufsichtsbehörde. Mit diesem Link löschen Sie Ihre Angaben sofort: {deletionUrl}',
  en:
    '{myName}{myCompany} ({myEmail}) is responsible for your details: {data} from {source}{event}. They are used to stay in touch after ' +
    'our conversation (legitimate interest, Art. 6(1)(f) GDPR) and kept for at most {days} days, then deleted. You have the right of ' +
    'access, rectification, erasure, restriction and objection, and to complain to a data protection authority. This link deletes ' +
    'your details at once: {deletionUrl}',
};

const DATA_NAMES: Record<Language, Record<string, string>> = {
  de: { name: 'Name', email: 'E-Mail-Adresse', phone: 'Telefonnummer', company: 'Firma', jobTitle: 'Position', address: 'Anschrift' },
  en: { name: 'name', email: 'e-mail address', phone: 'phone number', company: 'company', jobTitle: 'job title', address: 'postal address' },
};

/** What the mail is built from, read when it is sent. */
export interface FollowUpMailInput {
  language: Language;
  to: string;
  /** The owner's text for this language ('' parts take the default). */
  text: FollowUpText;
  meetingLink: string;
  /** The captured person as the follow-up's repository reads them. */
  lead: Omit<FollowUpLeadRow, 'id' | 'profileId' | 'userId' | 'email' | 'language'>;
  owner: { name: string; company: string; email: string };
  vcard: { text: string; fileName: string } | null;
  deletionUrl: string;
  retentionDays: number;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => (key in values ? values[key] : whole));

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The data the notice names: only what was captured of this person. */
function dataNamed(language: Language, lead: FollowUpMailInput['lead']): string {
  const names = DATA_NAMES[language];
  const present = [
    lead.name && names.name,
    names.email,
    (lead.phone || lead.mobile) && names.phone,
    lead.company && names.company,
    lead.jobTitle && names.jobTitle,
    (lead.street || lead.city) && names.address,
  ].filter(Boolean) as string[];
  const and = language === 'de' ? ' und ' : ' and ';
  const joined = present.length > 1 ? `${present.slice(0, -1).join(', ')}${and}${present.at(-1)}` : present[0];
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** The Art. 14 notice for one lead, in plain text. */
export function followUpNotice(input: Pick<FollowUpMailInput, 'language' | 'lead' | 'owner' | 'deletionUrl' | 'retentionDays'>): string {
  const { language, lead, owner } = input;
  return fill(FOLLOW_UP_NOTICE[language], {
    myName: owner.name,
    myCompany: owner.company ? `, ${owner.company}` : '',
    myEmail: owner.email,
    data: dataNamed(language, lead),
    source: SOURCES[language][lead.method] ?? SOURCES[language].manual,
    event: lead.eventName ? ` (${lead.eventName})` : '',
    days: String(input.retentionDays),
    deletionUrl: input.deletionUrl,
  });
}

/**
 * Issue 36: the follow-up to a captured person, in their language: the owner's own text (or the
 * default the settings show) with the lead's and owner's names filled in, the meeting link when
 * the owner keeps one, the owner's vCard attached, and the Art. 14 notice with the deletion link.
 * Nothing else: the mail says only what the owner wrote or saw in the settings.
 */
export function buildFollowUpMail(input: FollowUpMailInput): Mail {
  const { language, lead, owner } = input;
  const defaults = FOLLOW_UP_DEFAULTS[language];
  const lines = LINES[language];
  const values = {
    firstName: lead.firstName,
    lastName: lead.lastName,
    name: lead.name || lead.firstName || lead.lastName,
    company: lead.company,
    event: lead.eventName ?? '',
    myName: owner.name,
    myCompany: owner.company,
  };
  const subject = fill(input.text.subject || defaults.subject, values)
    .replace(/\s+/g, ' ')
    .trim();
  const body = fill(input.text.body || defaults.body, values).trim();
  const notice = followUpNotice(input);
  const text = [body, input.meetingLink && `${lines.meeting}\n${input.meetingLink}`, input.vcard && lines.attached, `--\n${lines.noticeTitle}\n${notice}`]
    .filter(Boolean)
    .join('\n\n');
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">' +
    paragraphs +
    (input.meetingLink ? `<p>${escapeHtml(lines.meeting)} <a href="${escapeHtml(input.meetingLink)}">${escapeHtml(input.meetingLink)}</a></p>` : '') +
    (input.vcard ? `<p>${escapeHtml(lines.attached)}</p>` : '') +
    `<hr><p style="font-size:12px;color:#6b7280"><strong>${escapeHtml(lines.noticeTitle)}</strong><br>` +
    escapeHtml(notice).replace(escapeHtml(input.deletionUrl), `<a href="${escapeHtml(input.deletionUrl)}">${escapeHtml(lines.deletionLink)}</a>`) +
    '</p></body></html>';
  return {
    to: input.to,
    subject,
    text,
    html,
    // The person answers the owner, not the service.
    ...(owner.email ? { replyTo: owner.email } : {}),
    attachments: input.vcard ? [{ filename: input.vcard.fileName, content: input.vcard.text, contentType: 'text/vcard; charset=utf-8' }] : [],
  };
}
