import { crmSuite } from '../support/crm-suite.ts';
import { startHubSpotStandIn } from '../support/crm-standins.ts';

/**
 * Issue 37 with HubSpot (docs/integrations.md "CRM"): the official `@hubspot/api-client` pointed at
 * the stand-in by HUBSPOT_BASE_URL and HUBSPOT_AUTH_URL; contacts upserted by e-mail in the CRM v3
 * batch calls, the owner set from the member's e-mail. SQLite and PostgreSQL.
 */
crmSuite({
  provider: 'hubspot',
  start: startHubSpotStandIn,
  env: (s) => ({ HUBSPOT_CLIENT_ID: s.clientId, HUBSPOT_CLIENT_SECRET: s.clientSecret, HUBSPOT_BASE_URL: s.url, HUBSPOT_AUTH_URL: `${s.url}/oauth/authorize` }),
  field: (record, field) =>
    record.properties[{ firstName: 'firstname', lastName: 'lastname', company: 'company', note: 'message', owner: 'hubspot_owner_id' }[field]],
});
