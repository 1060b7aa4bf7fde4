import type { Mail } from '../../mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const TEXTS = {
  de: {
    subject: 'Webhook abgeschaltet',
    reason: { gone: 'Der Empfänger hat mit 410 (Gone) geantwortet.', failing: 'Die Zustellung ist seit fünf Tagen fehlgeschlagen.' },
    body: (url: string) => `Ihr Webhook an ${url} wurde abgeschaltet und erhält keine Ereignisse mehr.`,
    organisationBody: (url: string) => `Der Webhook Ihrer Organisation an ${url} wurde abgeschaltet und erhält keine Ereignisse mehr.`,
    action: 'Sie können ihn unter „Integrationen“ wieder einschalten:',
  },
  en: {
    subject: 'Webhook disabled',
    reason: { gone: 'The receiver answered 410 (Gone).', failing: 'Deliveries have failed for five days.' },
    body: (url: string) => `Your webhook to ${url} was disabled and receives no more events.`,
    organisationBody: (url: string) => `Your organisation's webhook to ${url} was disabled and receives no more events.`,
    action: 'You can enable it again under “Integrations”:',
  },
} as const;

/**
 * To the owner (an organisation's endpoint: to each of its owners and admins): an endpoint was
 * disabled (issue 25), in the account's language (English when unknown).
 */
export function endpointDisabledMail(input: {
  to: string;
  language: string | null;
  url: string;
  reason: string;
  appUrl: string;
  organisation?: boolean;
}): Mail {
  const t = TEXTS[input.language === 'de' ? 'de' : 'en'];
  const reason = input.reason === 'gone' ? t.reason.gone : t.reason.failing;
  const body = input.organisation ? t.organisationBody(input.url) : t.body(input.url);
  const lines = [body, reason, '', t.action, input.appUrl];
  return {
    to: input.to,
    subject: t.subject,
    text: lines.join('\n'),
    html: `<p>${escape(body)}</p><p>${escape(reason)}</p><p>${escape(t.action)} <a href="${escape(input.appUrl)}">${escape(input.appUrl)}</a></p>`,
  };
}
