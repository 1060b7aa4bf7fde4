import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Mail } from '../../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
/** The organisation's name as the body quotes it: one line, whatever its admins typed. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/*
 * Issue 33: the organisation's name is free text of whoever made the organisation, so it never
 * stands in a subject, where a mail client shows it as our service's own words ("Your account is
 * locked…" from our address). The subject is fixed; the body quotes the name as the team's,
 * beside the inviting admin's address.
 */
const TEXTS = {
  de: {
    subject: 'Einladung in ein Team für Ihre digitale Visitenkarte',
    intro: (org: string, inviter: string) => `${inviter} lädt Sie ein, dem Team „${org}“ beizutreten und dort Ihre digitale Visitenkarte zu führen.`,
    action: 'Einladung annehmen',
    account: 'Sie können sich mit Ihrem bestehenden Konto anmelden oder ein neues anlegen.',
    expires: (days: number) => `Der Link gilt ${days} Tage. Wenn Sie diese Einladung nicht erwartet haben, können Sie die E-Mail ignorieren.`,
  },
  en: {
    subject: 'Invitation to join a team for your digital business card',
    intro: (org: string, inviter: string) => `${inviter} invites you to join the team “${org}” and keep your digital business card there.`,
    action: 'Accept the invitation',
    account: 'You can sign in with your existing account or create a new one.',
    expires: (days: number) => `The link is valid for ${days} days. If you did not expect this invitation, you can ignore this e-mail.`,
  },
} as const;

/** Issue 24: the invitation to an organisation, in the invitee's language, with the link whose `token` the accept call takes. */
export function invitationMail(input: {
  to: string;
  language: Language;
  organisationName: string;
  inviterEmail: string;
  url: string;
  validDays: number;
}): Mail {
  const t = TEXTS[input.language];
  const intro = t.intro(oneLine(input.organisationName), input.inviterEmail);
  const text = `${intro}\n\n${t.action}: ${input.url}\n\n${t.account}\n${t.expires(input.validDays)}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(intro)}</p>
<p><a href="${escape(input.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escape(t.action)}</a></p>
<p>${escape(t.account)}</p><p style="font-size:12px;color:#6b7280">${escape(t.expires(input.validDays))}</p></body></html>`;
  return { to: input.to, subject: t.subject, text, html };
}

const COMPANY_TEXTS = {
  de: {
    subject: 'Ihre digitale Visitenkarte ist eingerichtet',
    intro: (org: string) => `Das Team „${org}“ hat Ihnen eine digitale Visitenkarte eingerichtet.`,
    how: (label: string) =>
      `Melden Sie sich mit Ihrem Firmenkonto an („${label}“), ein eigenes Passwort brauchen Sie nicht. Bei der ersten Anmeldung treten Sie dem Team bei.`,
    action: 'Mit dem Firmenkonto anmelden',
  },
  en: {
    subject: 'Your digital business card is ready',
    intro: (org: string) => `The team “${org}” has set up a digital business card for you.`,
    how: (label: string) => `Sign in with your company account (“${label}”); you need no password of your own. You join the team at your first sign-in.`,
    action: 'Sign in with the company account',
  },
} as const;

/** Issue 27: to a person provisioned by the organisation's directory when company sign-in is configured: sign in, no password, no invitation token. */
export function companySignInMail(input: { to: string; language: Language; organisationName: string; buttonLabel: string; url: string }): Mail {
  const t = COMPANY_TEXTS[input.language];
  const intro = t.intro(oneLine(input.organisationName));
  const how = t.how(input.buttonLabel);
  const text = `${intro}\n\n${how}\n\n${t.action}: ${input.url}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escape(intro)}</p><p>${escape(how)}</p>
<p><a href="${escape(input.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escape(t.action)}</a></p></body></html>`;
  return { to: input.to, subject: t.subject, text, html };
}
