import type { Mail } from '../../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const NAMES: Record<string, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce', pipedrive: 'Pipedrive' };

const TEXTS = {
  de: {
    subject: (crm: string) => `${crm}-Verbindung unterbrochen`,
    body: (crm: string, organisation: boolean) =>
      `${crm} hat den Zugriff ${organisation ? 'Ihrer Organisation' : 'Ihres Kontos'} nicht mehr angenommen (widerrufen oder abgelaufen). Neue Kontakte warten, bis die Verbindung erneuert ist; es geht keiner verloren.`,
    action: 'Verbinden Sie unter „Integrationen“ erneut:',
  },
  en: {
    subject: (crm: string) => `${crm} connection broken`,
    body: (crm: string, organisation: boolean) =>
      `${crm} no longer accepts ${organisation ? "your organisation's" : "your account's"} access (revoked or expired). New contacts wait until it is connected again; none is lost.`,
    action: 'Connect again under “Integrations”:',
  },
} as const;

/** Issue 37: to the owner, or each owner and admin of the organisation: the CRM refused the grant. */
export function connectionBrokenMail(input: { to: string; language: string | null; provider: string; organisation: boolean; appUrl: string }): Mail {
  const t = TEXTS[input.language === 'de' ? 'de' : 'en'];
  const crm = NAMES[input.provider] ?? input.provider;
  const body = t.body(crm, input.organisation);
  return {
    to: input.to,
    subject: t.subject(crm),
    text: [body, '', t.action, input.appUrl].join('\n'),
    html: `<p>${escape(body)}</p><p>${escape(t.action)} <a href="${escape(input.appUrl)}">${escape(input.appUrl)}</a></p>`,
  };
}
