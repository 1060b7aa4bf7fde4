import { crmSuite } from '../support/crm-suite.ts';
import { startPipedriveStandIn } from '../support/crm-standins.ts';

const lastNote = (record: Record<string, any>) => (record.__notes as Array<{ content: string }>).at(-1)?.content ?? '';

/**
 * Issue 37 with Pipedrive (docs/integrations.md "CRM"): the official `pipedrive` client pointed at
 * the stand-in by PIPEDRIVE_AUTH_URL and PIPEDRIVE_BASE_URL; persons found by exact e-mail, then
 * updated or created (Pipedrive has no batch calls for persons), the lead's details as a Note, the
 * owner from the member's user. SQLite and PostgreSQL.
 */
crmSuite({
  provider: 'pipedrive',
  start: startPipedriveStandIn,
  env: (s) => ({ PIPEDRIVE_CLIENT_ID: s.clientId, PIPEDRIVE_CLIENT_SECRET: s.clientSecret, PIPEDRIVE_BASE_URL: s.url, PIPEDRIVE_AUTH_URL: s.url }),
  field: (record, field) =>
    field === 'company'
      ? /Company: (.*)/.exec(lastNote(record))?.[1]
      : field === 'note'
        ? (record.__notes as Array<{ content: string }>).map((n) => n.content).join('\n\n')
        : record[{ firstName: 'first_name', lastName: 'last_name', owner: 'owner_id' }[field]],
});
