import {
  API_SCOPES,
  ORGANISATION_WEBHOOK_EVENT_TYPES,
  SCOPE_OF_CALL,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from '../../../shared/schemas/integrations.schema.ts';

const str = { type: 'string' };
const leadData = {
  type: 'object',
  properties: {
    id: str,
    profileId: str,
    email: str,
    name: str,
    phone: str,
    company: str,
    message: str,
    language: str,
    status: str,
    source: { type: 'string', description: 'Where the visit came from (link, card, qr, tap, …).' },
    card: { type: ['string', 'null'], description: 'The card whose scan brought the visitor, null when none.' },
    metInPerson: { type: 'boolean', description: 'Left within 30 minutes after a verified tap (NTAG 424 DNA) of that card.' },
    consent: { type: 'object', properties: { text: str, version: str, at: { type: ['string', 'null'], format: 'date-time' } } },
    created: { type: 'string', format: 'date-time' },
  },
};
const DATA: Record<string, object> = {
  'lead.created': leadData,
  'lead.updated': leadData,
  'lead.deleted': { type: 'object', properties: { id: str, profileId: str, email: str, deletedBy: { type: 'string', enum: ['owner', 'visitor'] } } },
  'profile.updated': {
    type: 'object',
    properties: { id: str, profileName: str, firstName: str, lastName: str, companyName: str, status: str, updated: { type: 'string', format: 'date-time' } },
  },
  'card.registered': { type: 'object', properties: { id: str, profileId: str } },
  'card.assigned': { type: 'object', properties: { id: str, profileId: str } },
  'card.reset': { type: 'object', properties: { id: str } },
  'member.added': { type: 'object', properties: { organisationId: str, userId: str, email: str, role: { type: 'string', enum: ['admin', 'member'] } } },
  'member.removed': {
    type: 'object',
    properties: { organisationId: str, userId: str, email: str, role: { type: 'string', enum: ['owner', 'admin', 'member'] } },
  },
  [WEBHOOK_TEST_EVENT]: { type: 'object', properties: { webhookId: str, message: str } },
};
const header = (name: string, description: string) => ({ name, in: 'header', required: true, schema: str, description });

/**
 * Issue 25: the events as OpenAPI 3.1 `webhooks`: what a receiver gets, signed per Standard
 * Webhooks 1.0 (docs/integrations.md).
 */
export function webhookEventsOpenApi(): Record<string, object> {
  return Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [
      type,
      {
        post: {
          summary: `The ${type} event${(ORGANISATION_WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) ? " (an organisation's webhooks only)" : ''}`,
          description:
            'Signed per Standard Webhooks 1.0. Answer 2xx to acknowledge; anything else is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); 410 disables the endpoint.',
          parameters: [
            header('webhook-id', 'The message id, the same on every attempt: drop repeats.'),
            header('webhook-timestamp', 'Seconds since 1970 when the attempt was signed.'),
            header('webhook-signature', '`v1,` and base64 HMAC-SHA256 of `id.timestamp.body` under the secret; two, space-separated, during a rotation.'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data: DATA[type] },
                },
              },
            },
          },
          responses: { '200': { description: 'Received.' }, '410': { description: 'Gone: the endpoint is disabled.' } },
        },
      },
    ]),
  );
}

/** Issue 25: the bearer scheme's description names what API tokens may call with which scope. */
export function apiTokenScopesDescription(): string {
  const rows = API_SCOPES.map(
    (scope) =>
      `- \`${scope}\`: ${Object.keys(SCOPE_OF_CALL)
        .filter((call) => SCOPE_OF_CALL[call] === scope)
        .join(', ')}`,
  );
  return [
    'A session token from POST /api/auth/sign-in/email, or an API token (`cmc_…`, POST /api-token/create) limited to its scopes (403 `cmc/insufficient-scope` otherwise):',
    ...rows,
  ].join('\n');
}
